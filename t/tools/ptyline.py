# SPDX-License-Identifier: GPL-2.0-or-later
# t/tools/ptyline.py RCFILE KEYS PATTERN: an interactive bash on a pty
# that reads RCFILE (which sets PS1 to "READY> "), is typed KEYS once its
# prompt shows, and must then show the regex PATTERN: a handshake on the
# screen, never a fixed wait.  Prints the screen; exit 0 if PATTERN came
# within 20 seconds, else 1.
import os
import pty
import re
import select
import sys
import time

rc, keys, pattern = sys.argv[1], sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "--noprofile", "--rcfile", rc, "-i"])


def text(raw):
    # the screen without escape sequences, carriage returns and bells
    t = raw.decode("utf-8", "replace")
    t = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]", "", t)
    return t.replace("\r", "").replace("\x07", "")


def until(regex, seen=b""):
    end = time.time() + 20
    while time.time() < end:
        if re.search(regex, text(seen)):
            return seen, True
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen, False


_, ok = until(r"READY> ")
screen = b""
if ok:
    os.write(fd, keys.encode())
    screen, ok = until(pattern)
os.write(fd, b"\x03\x04")
os.kill(pid, 9)
os.waitpid(pid, 0)
sys.stdout.write(text(screen))
sys.exit(0 if ok else 1)
