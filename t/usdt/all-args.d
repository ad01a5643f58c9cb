/* SPDX-License-Identifier: GPL-2.0-or-later */
ut$target:::zero { printf("zero\n"); }
ut$target:::sizes { printf("sizes %d %u %d %u %d %u %d %u\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7); }
ut$target:::twelve { printf("twelve %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9); }
ut$target:::mem { printf("mem %d %d %d %d\n", arg0, arg1, arg2, arg3); }
ut$target:::imm { printf("imm %d %d %u %d %u\n", arg0, arg1, arg2, arg3, arg4); }
ut$target::gated:gated { printf("gated %d\n", arg0); }
ut$target:::dash-name { printf("dash-name %s\n", copyinstr(arg0)); }
