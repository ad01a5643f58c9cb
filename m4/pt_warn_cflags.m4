dnl SPDX-License-Identifier: GPL-2.0-or-later
dnl PT_WARN_CFLAGS: the warnings every build uses, each kept only if the
dnl compiler accepts it.
AC_DEFUN([PT_WARN_CFLAGS], [
	WARN_CFLAGS=
	for pt_flag in -Wall -Wextra -Wformat=2 -Wshadow -Wpointer-arith \
	    -Wmissing-prototypes -Wstrict-prototypes -Wno-unused-parameter \
	    -Wno-sign-compare -Wno-missing-field-initializers; do
		AC_MSG_CHECKING([whether $CC accepts $pt_flag])
		pt_save_CFLAGS=$CFLAGS
		CFLAGS="$CFLAGS -Werror $pt_flag"
		AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
			[WARN_CFLAGS="$WARN_CFLAGS $pt_flag"; AC_MSG_RESULT([yes])],
			[AC_MSG_RESULT([no])])
		CFLAGS=$pt_save_CFLAGS
	done
])
