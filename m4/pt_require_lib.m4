dnl SPDX-License-Identifier: GPL-2.0-or-later
dnl PT_REQUIRE_LIB(NAME, HEADER, FUNCTION, LIB, DEBIAN-PACKAGE, [EXTRA-LIBS])
dnl Finds HEADER and FUNCTION in -lLIB; sets and substitutes <NAME>_LIBS
dnl (NAME with - turned to _ and upper-cased).  When either is missing,
dnl configure stops with one line that names the Debian package to install.
AC_DEFUN([PT_REQUIRE_LIB], [
	m4_pushdef([pt_var], m4_translit(m4_toupper([$1]), [-], [_]))
	m4_pushdef([pt_cache], m4_translit([$1], [-], [_]))
	AC_CHECK_HEADER([$2], [],
		[AC_MSG_ERROR([$1 not found (header $2): install the Debian package $5])])
	pt_save_LIBS=$LIBS
	LIBS=
	AC_CHECK_LIB([$4], [$3], [pt_cv_libs_]pt_cache="-l$4 $6",
		[AC_MSG_ERROR([$1 not found (-l$4): install the Debian package $5])],
		[$6])
	LIBS=$pt_save_LIBS
	pt_var[]_LIBS=$[pt_cv_libs_]pt_cache
	AC_SUBST(pt_var[_LIBS])
	m4_popdef([pt_cache])
	m4_popdef([pt_var])
])
