/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/text.h: a small text file (a /proc status or stat line) read
 * whole into a caller's buffer.  Header-only and a leaf, as all of lib/
 * (lib/fnv.h).
 */
#ifndef PIDTRACE_LIB_TEXT_H
#define PIDTRACE_LIB_TEXT_H

#include <fcntl.h>
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

/*
 * Read up to size - 1 bytes of path into buf with one read(2) (a /proc
 * file of one process or thread is produced whole by one read) and end
 * them with a NUL.  The bytes read, or -1 when the file cannot be
 * opened or read or is empty (a task that has gone).
 */
static inline ssize_t
read_text(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd;

	if (size < 2 || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return n;
}

#endif
