#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""examples.py GROUP FILE...: run the command examples of README.md and
the man pages that belong to GROUP, and compare what they print with
what the text shows.  Run by t/doc/*.sh, which lay out the work folder
and the helpers (t/doc/doclib.sh).

An example is marked in the text, on the line before its block:
    README.md:   <!-- example NAME [KEY=VALUE...] -->  then an indented block
    man pages:   .\\" example NAME [KEY=VALUE...]       then .nf ... .fi
Keys:
    group=G      which test runs it: base (the default), leveldown, node,
                 postgres
    compare=C    exact (the default when output is shown), shape (numbers,
                 runs of @ and of blanks are one token: histograms and
                 timings), lines (exact, but the lines in any order: a
                 target's output and pidtrace's, which runs a clause
                 from the firing's record, after it, interleave as they
                 come), run (the default when none is shown: exit
                 status 0), skip:REASON (not run, said in the log)
    status=N     the exit status the command must have (0)
    end=int      a command with -p runs until interrupted: started
                 in its own process
                 group, which gets SIGINT (as Ctrl-C sends it) once the
                 target is armed (wait=) and the workload (work=) is over;
                 a "^C" line in the shown output says the same;
                 for=S: S seconds (1) of tracing when there is no work=
    as=script    the block is one shell script (a job started with & and
                 used by the next line through $!)
    wait=W       before the workload: "matched" (that word in the output)
                 or a function glob whose first instruction in $TARGET_PID
                 must be patched (doclib.sh's armed)
    work=W       the workload: a line for the target (doclib.sh's workload),
                 underscores for blanks
In a block, "$ " starts a command (its next lines go with it while a
quote is open or a line ends in a backslash) and the lines up to the
next "$ " are its output; "$ cat FILE" with output writes FILE into the
work folder.  A block without "$ " holds commands only; "# prints X" at
the end of one asserts its output is X.  "..." in the output stands for
any lines.  "-p 1234", "-p 4242", "-p PID" and "--pid 4242" name the
process the test started ($TARGET_PID).  Both sides are compared modulo
pids ($TARGET_PID: PID, pidNNN: pidPID, pid NNN: pid PID),
addresses (0x... of 6 digits or more, 16-digit hex words) and, under
shape, every number and the number of a histogram's rows.
"""
import os
import re
import shlex
import signal
import subprocess
import sys
import time

GROUP = sys.argv[1]
FILES = sys.argv[2:]
WORK = os.environ["DOC_WORK"]
STARTED = time.time() - 1	# perf maps newer than this may be ours
failures = 0
ran = 0


def log(*a):
    print(*a, flush=True)


def unroff(line):
    """A line of a .nf block of a man page, as it prints."""
    line = line.replace("\\-", "-").replace("\\e", "\\")
    line = line.replace("\\(ga", "`").replace("\\(dq", '"')
    line = line.replace("\\\\", "\\").replace("\\&", "")
    return line


def blocks(path):
    """(name, keys, lines, where) of each marked example of a file."""
    text = open(path, encoding="utf-8").read().split("\n")
    roff = not path.endswith(".md")
    i = 0
    while i < len(text):
        m = (re.match(r'^\.\\" example (\S+)(.*)$', text[i]) if roff else
             re.match(r"^<!-- example (\S+)(.*?)\s*-->$", text[i]))
        i += 1
        if not m:
            continue
        name, rest = m.group(1), m.group(2)
        keys = dict(kv.split("=", 1) for kv in shlex.split(rest))
        where = "%s:%d" % (os.path.basename(path), i)
        lines = []
        if roff:
            while i < len(text) and text[i] != ".nf":
                i += 1
            i += 1
            while i < len(text) and text[i] != ".fi":
                lines.append(unroff(text[i]))
                i += 1
        else:
            while i < len(text) and text[i] == "":
                i += 1
            while i < len(text) and (text[i].startswith("    ") or
                                     text[i] == ""):
                lines.append(text[i])
                i += 1
        while lines and lines[-1] == "":
            lines.pop()
        ind = min((len(l) - len(l.lstrip(" ")) for l in lines if l.strip()),
                  default=0)
        yield name, keys, [l[ind:] for l in lines], where


def complete(cmd):
    """Whether a command's text is whole: no open quote, no trailing \\."""
    if cmd.endswith("\\"):
        return False
    try:
        shlex.split(cmd, comments=False)
        return True
    except ValueError:
        return False


def commands(lines):
    """[(command, [output lines])] of a block."""
    out = []
    prompts = any(l.startswith("$ ") for l in lines)
    i = 0
    while i < len(lines):
        l = lines[i]
        if prompts and not l.startswith("$ "):
            if out:
                out[-1][1].append(l)
            i += 1
            continue
        cmd = l[2:] if prompts else l
        i += 1
        while not complete(cmd) and i < len(lines):
            cmd += "\n" + lines[i]
            i += 1
        if not cmd.strip():
            continue
        out.append((cmd, []))
    return out


def norm(lines, shape):
    pid = os.environ.get("TARGET_PID", "")
    res = []
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    for l in lines:
        l = l.rstrip()
        if pid:
            l = re.sub(r"\b%s\b" % pid, "PID", l)
        l = re.sub(r"\bpid[0-9]+\b", "pidPID", l)
        l = re.sub(r"\bpid [0-9]+\b", "pid PID", l)
        # a probe line's CPU column: whichever CPU it ran on
        l = re.sub(r"^ *[0-9]+( +[0-9]+ +\S*:\S+)", r"CPU\1", l)
        l = re.sub(r"0x[0-9a-fA-F]{6,}", "0xADDR", l)
        l = re.sub(r"\b[0-9a-f]{16}\b", "ADDR", l)
        if shape:
            l = re.sub(r"-?[0-9]+", "N", l)
            l = re.sub(r"@+", "@", l)
            l = re.sub(r"[ \t]+", " ", l).strip()
            # a histogram's rows: how many there are is a timing too
            if re.match(r"^N \|[@ ]*N$", l):
                if res and res[-1] == "N |ROWS":
                    continue
                l = "N |ROWS"
        res.append(l)
    return res


def matches(want, got):
    """want (with "..." lines for any lines) matches got, whole: the runs
    between "..." lines found in order, the first at the start unless a
    "..." opens, the last at the end unless one closes."""
    segs = [[]]
    for l in want:
        if l == "...":
            segs.append([])
        else:
            segs[-1].append(l)
    if len(segs) == 1:
        return want == got
    first, last, mid = segs[0], segs[-1], segs[1:-1]
    if got[:len(first)] != first:
        return False
    if last and got[len(got) - len(last):] != last:
        return False
    k, end = len(first), len(got) - len(last)
    if end < k:
        return False
    for s in mid:
        while k + len(s) <= end and got[k:k + len(s)] != s:
            k += 1
        if k + len(s) > end:
            return False
        k += len(s)
    return True


def helper(*args):
    r = subprocess.run(list(args), cwd=WORK)
    if r.returncode != 0:
        raise RuntimeError("%s exited %d" % (" ".join(args), r.returncode))


def perf_maps_left(since):
    """Remove the /tmp/perf-PID.map files an example's runtimes wrote
    (node --perf-basic-prof) once their process is gone: left behind, a
    file of one user's keeps a later process of another user with that
    pid from writing its own (node aborts), and pids come round.  A map
    of a live process is another test's, still read: left alone."""
    for name in os.listdir("/tmp"):
        m = re.match(r"perf-(\d+)\.map$", name)
        if not m or os.path.exists("/proc/" + m.group(1)):
            continue
        path = os.path.join("/tmp", name)
        try:
            if os.stat(path).st_mtime >= since:
                os.unlink(path)
        except OSError:
            pass


def run(cmd, keys, interrupt):
    """Run cmd in the work folder; its output (stdout and stderr, as a
    terminal shows them) and exit status."""
    try:
        return run_it(cmd, keys, interrupt)
    finally:
        perf_maps_left(STARTED)


def run_it(cmd, keys, interrupt):
    outf = open(os.path.join(WORK, ".out"), "w+b")
    if interrupt:
        wait = keys.get("wait")
        if wait and wait != "matched":
            helper(os.environ["DOC_ARMED"], "snap", wait)
        p = subprocess.Popen(["bash", "-c", cmd], cwd=WORK, stdout=outf,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        try:
            if wait == "matched":
                t = time.time() + 60
                while b"matched" not in open(outf.name, "rb").read():
                    if time.time() > t or p.poll() is not None:
                        raise RuntimeError("no 'matched' in the output")
                    time.sleep(0.05)
            elif wait:
                helper(os.environ["DOC_ARMED"], "wait", wait)
            if keys.get("work"):
                helper(os.environ["DOC_WORKLOAD"],
                       keys["work"].replace("_", " "))
            else:
                time.sleep(float(keys.get("for", "1")))
        except RuntimeError as e:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            raise
        os.killpg(p.pid, signal.SIGINT)
        try:
            rc = p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            rc = p.wait()
            raise RuntimeError("did not end on SIGINT")
    else:
        try:
            rc = subprocess.run(["bash", "-c", cmd], cwd=WORK, stdout=outf,
                                stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, timeout=180,
                                start_new_session=True).returncode
        except subprocess.TimeoutExpired:
            raise RuntimeError("still running after 180 s")
    outf.seek(0)
    return outf.read().decode("utf-8", "replace").split("\n")[:-1], rc


def example(name, keys, lines, where):
    global failures, ran
    if keys.get("group", "base") != GROUP:
        return
    compare = keys.get("compare")
    if compare and compare.startswith("skip:"):
        log("%s %s: not run: %s" % (where, name, compare[5:]))
        return
    cmds = commands(lines)
    if keys.get("as") == "script":
        cmds = [("\n".join(lines), [])]
    for cmd, shown in cmds:
        first = cmd.split("\n")[0]
        m = re.match(r"^cat (\S+)$", cmd)
        if m and shown:
            with open(os.path.join(WORK, m.group(1)), "w") as f:
                f.write("\n".join(shown) + "\n")
            log("%s %s: wrote %s" % (where, name, m.group(1)))
            continue
        prints = re.search(r"\s#\s*prints (.*)$", cmd)
        if prints:
            shown = [prints.group(1)]
        # the placeholders of a pid: the process the test started
        cmd = re.sub(r"(-p|--pid) (1234|4242|PID)\b", r"\1 $TARGET_PID",
                     cmd)
        # end=int: the commands that do not start their own process
        interrupt = ((keys.get("end") == "int" and
                      re.search(r"(^|\s)(-p|--pid)\s", cmd)) or "^C" in shown)
        shown = [l for l in shown if l != "^C"]
        mode = compare or ("exact" if shown else "run")
        ran += 1
        log("%s %s: $ %s" % (where, name, cmd.replace("\n", "\n    ")))
        try:
            got, rc = run(cmd, keys, interrupt)
        except RuntimeError as e:
            log("FAIL: %s %s: %s" % (where, name, e))
            failures += 1
            continue
        for l in got:
            log("    | " + l)
        if rc != int(keys.get("status", "0")):
            log("FAIL: %s %s: exit status %d" % (where, name, rc))
            failures += 1
            continue
        if mode == "run":
            continue
        w = norm(shown, mode == "shape")
        g = norm(got, mode == "shape")
        if mode == "lines":
            w = sorted(w)
            g = sorted(g)
        if not matches(w, g):
            log("FAIL: %s %s: the output differs from the text (%s):" %
                (where, name, mode))
            for l in w:
                log("    want| " + l)
            failures += 1


for path in FILES:
    for b in blocks(path):
        example(*b)
perf_maps_left(STARTED)
log("%d commands of group %s run, %d failed" % (ran, GROUP, failures))
if failures:
    sys.exit(1)
if ran == 0:
    log("SKIP: no example of group %s" % GROUP)
    sys.exit(77)
