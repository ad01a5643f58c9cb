# SPDX-License-Identifier: GPL-2.0-or-later
# t/doc/options.py SRCDIR PIDTRACE-HELP PIDNM-HELP: the options the code
# takes against the ones the text documents, both ways.  The code's side
# is read from the source: pidtrace's getopt string (cmd/pidtrace.c),
# the -x table (dsl/prog.c: each name and whether it is taken or
# refused), pidnm's getopt string and long options (cmd/pidnm.c).  The
# text's side: man/pidtrace.1 (SYNOPSIS, OPTIONS, the -x section),
# README.md's list of flags, the --help outputs, man/pidnm.1, and what
# bash completion (completion/pidtrace) offers.  Prints one line per
# mismatch; exits 1 if there is any.
import re
import sys

src, pthelp, nmhelp = sys.argv[1:4]
bad = []


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def unroff(s):
    """A man line as it reads: escapes and font changes gone."""
    s = re.sub(r"\\f[BIRP]", "", s)
    s = s.replace("\\-", "-").replace("\\(dq", '"').replace("\\e", "\\")
    return s


def section(man, title):
    """The lines of the man page's .SH section whose title starts so."""
    out, on = [], False
    for line in man.split("\n"):
        if line.startswith(".SH"):
            on = line[3:].strip().strip('"').startswith(title)
            continue
        if on:
            out.append(line)
    return out


def headings(lines):
    """The lines that follow .TP: an item's tag."""
    return [lines[i + 1] for i, l in enumerate(lines[:-1]) if l == ".TP"]


def getopt_letters(c_src, pattern):
    m = re.search(pattern, c_src)
    if m is None:
        bad.append("cannot find the getopt string (%s)" % pattern)
        return "", ""
    spec = m.group(1).lstrip("+")
    flags = re.sub(r".:", "", spec)
    withval = "".join(spec[i - 1] for i, ch in enumerate(spec) if ch == ":")
    return flags, withval


# pidtrace's flags
pt = read(src + "/cmd/pidtrace.c")
flags, withval = getopt_letters(pt, r'getopt_long\(argc, argv,\s*"([^"]*)"')
letters = flags + withval
man = read(src + "/man/pidtrace.1")
syn = unroff("\n".join(section(man, "SYNOPSIS")))
m = re.search(r"\[ -([A-Za-z]+) \]", syn)
synflags = m.group(1) if m else ""
helptext = read(pthelp)
m = re.search(r"\[-([A-Za-z]+)\]", helptext)
helpflags = m.group(1) if m else ""
opts = [unroff(h).replace('"', "") for h in headings(section(man, "OPTIONS"))]
manletters = set()
for h in opts:
    manletters.update(re.findall(r"(?:^\.B[IR]? |,\s*)-([A-Za-z])\b", h))
readme = read(src + "/README.md")
m = re.search(r"takes DTrace's flags\s*\(`([^`]*)`\)", readme)
readmeflags = set(re.findall(r"-([A-Za-z])", m.group(1))) if m else set()
if m is None:
    bad.append("README.md: no list of the flags")
for ch in letters:
    if ch not in manletters:
        bad.append("pidtrace.1 OPTIONS: no -%s" % ch)
    if ch in flags and ch not in synflags:
        bad.append("pidtrace.1 SYNOPSIS: no -%s in [-%s]" % (ch, synflags))
    if ch in flags and ch not in helpflags:
        bad.append("--help usage: no -%s in [-%s]" % (ch, helpflags))
    if ch in withval and not re.search(r"\[ -%s\n" % ch, syn):
        bad.append("pidtrace.1 SYNOPSIS: no -%s ARG" % ch)
    if ch in withval and "[-%s " % ch not in helptext:
        bad.append("--help usage: no -%s ARG" % ch)
    if not re.search(r"(^\t|; )-%s " % ch, helptext, re.M):
        bad.append("--help: no line for -%s" % ch)
    if ch not in "hV" and ch not in readmeflags:
        bad.append("README.md: -%s not in its list of flags" % ch)
for ch in sorted(manletters | set(synflags) | set(helpflags) | readmeflags):
    if ch not in letters:
        bad.append("-%s is documented and pidtrace takes no -%s" % (ch, ch))

# -x options: dsl/prog.c's table, taken (a value kind) or refused (OV_NO)
table = re.findall(r'^\t\{ "([a-z-]+)", [^,]+, OV_([A-Z]+),',
                   read(src + "/dsl/prog.c"), re.M)
if len(table) < 40:
    bad.append("dsl/prog.c: %d options read, the table moved?" % len(table))
taken = {n for n, k in table if k != "NO"}
refused = {n for n, k in table if k == "NO"}
# the preprocessor's, which the command line takes (cpp_xopt in
# cmd/pidtrace.c) and a #pragma is refused
cmdx = set(re.findall(r'^\t\t\{ "([a-z]+)=?", (?:"-[A-Z]"|NULL) \},', pt,
                      re.M))
if len(cmdx) < 6:
    bad.append("cmd/pidtrace.c: %d preprocessor -x options read" % len(cmdx))
for n in sorted(cmdx - refused):
    bad.append("dsl/prog.c: -x %s not refused in a #pragma" % n)
taken |= cmdx
refused -= cmdx
xsec = section(man, "OPTIONS (-x")
if not xsec:
    xsec = section(man, "OPTIONS (\\-x")
documented = set()
for h in headings(xsec):
    h = re.sub(r"^\.B[IR]* ", "", unroff(h)).replace('"', "")
    for part in h.split(","):
        n = re.match(r"\s*([a-z][a-z-]*)", part)
        if n:
            documented.add(n.group(1))
xtext = unroff("\n".join(xsec))
m = re.search(r"^\t-x  (.*?)^\t-[a-zA-Z] ", helptext, re.M | re.S)
xhelp = m.group(1) if m else ""
for n in sorted(taken):
    if n not in documented:
        bad.append("pidtrace.1: no item for -x %s" % n)
    if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(n), xhelp):
        bad.append("--help: -x %s not listed" % n)
for n in sorted(documented - taken):
    bad.append("pidtrace.1: an item for -x %s, which pidtrace %s" %
               (n, "refuses" if n in refused else "does not know"))
for n in sorted(refused):
    if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(n), xtext):
        bad.append("pidtrace.1: -x %s (refused) not named" % n)

# pidnm: short flags and long options
nm = read(src + "/cmd/pidnm.c")
nflags, _ = getopt_letters(nm, r'getopt_long\(argc, argv, "([^"]*)"')
longs = set(re.findall(r'^\t\t\{ "([a-z-]+)", (?:no|required)_argument',
                       nm, re.M))
nman = [unroff(h).replace('"', "")
        for h in headings(read(src + "/man/pidnm.1").split("\n"))]
nmshort, nmlong = set(), set()
for h in nman:
    nmshort.update(re.findall(r"(?:^\.B[IR]? |,\s*)-([A-Za-z])\b", h))
    nmlong.update(re.findall(r"--([a-z][a-z-]*)", h))
nh = read(nmhelp)
for ch in nflags:
    if ch not in nmshort:
        bad.append("pidnm.1: no -%s" % ch)
    if not re.search(r"^  .*-%s\b" % ch, nh, re.M):
        bad.append("pidnm --help: no -%s" % ch)
for n in sorted(longs):
    if n not in nmlong:
        bad.append("pidnm.1: no --%s" % n)
    if not re.search(r"--%s\b" % n, nh):
        bad.append("pidnm --help: no --%s" % n)
for ch in sorted(nmshort - set(nflags)):
    bad.append("pidnm.1: -%s, which pidnm does not take" % ch)
for n in sorted(nmlong - longs):
    bad.append("pidnm.1: --%s, which pidnm does not take" % n)

# bash completion: the flags and -x options it offers
comp = read(src + "/completion/pidtrace")
m = re.search(r'_pidtrace_xopts="([^"]*)"', comp)
cx = {w.split("=")[0] for w in m.group(1).split()} if m else set()
m = re.search(r'compgen -W "(-n [^"]*)"', comp)
cf = {w[1:] for w in m.group(1).split()} if m else set()
m = re.search(r'compgen -W "(-a [^"]*)"', comp)
cn = set(m.group(1).split()) if m else set()
for n in sorted(taken ^ cx):
    bad.append("completion: -x %s %s" %
               (n, "not offered" if n in taken else "offered, not taken"))
for ch in sorted(set(letters) ^ cf):
    bad.append("completion: -%s %s" %
               (ch, "not offered" if ch in letters else "offered, not taken"))
want = {"-" + ch for ch in nflags} | {"--" + n for n in longs}
for w in sorted(want ^ cn):
    bad.append("completion: pidnm %s %s" %
               (w, "not offered" if w in want else "offered, not taken"))

for b in bad:
    print(b)
print("%d pidtrace flags, %d -x options taken and %d refused, %d pidnm "
      "flags and %d long options checked" % (len(letters), len(taken),
      len(refused), len(nflags), len(longs)))
sys.exit(1 if bad else 0)
