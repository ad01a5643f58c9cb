# SPDX-License-Identifier: GPL-2.0-or-later
# t/containers: processes in containers made with unshare (mount, PID
# and user namespaces, a tmpfs root, chroot), no container daemon.
EXTRA_DIST += t/containers/ctlib.sh
TESTS += t/containers/debugfile.sh t/containers/probes.sh t/containers/jit.sh \
	t/containers/rootless.sh t/containers/java.sh
EXTRA_DIST += t/containers/debugfile.sh t/containers/probes.sh \
	t/containers/jit.sh t/containers/rootless.sh t/containers/java.sh \
	t/targets/Hot.java
