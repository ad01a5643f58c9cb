# SPDX-License-Identifier: GPL-2.0-or-later
# t/dsl: tests of the dsl area (listed in TESTS, targets in check_PROGRAMS)
#
# D-script pairs run through t/dsl/run-d: tst.*.d against tst.*.r,
# err.*.d against the expected error in err.*.r.
D_LOG_COMPILER = $(BASH) $(top_srcdir)/t/dsl/run-d
EXTRA_DIST += t/dsl/run-d

dsl_d_tests = \
	t/dsl/tst.aggactions.d \
	t/dsl/tst.aggfuncs.d \
	t/dsl/tst.aggsort.d \
	t/dsl/tst.aggsortopts.d \
	t/dsl/tst.aggsortrev.d \
	t/dsl/tst.assoc.d \
	t/dsl/tst.beginfault.d \
	t/dsl/tst.count_notquiet.d \
	t/dsl/tst.assoc-nested.d \
	t/dsl/tst.ctypes.d \
	t/dsl/tst.struct-tracee.d \
	t/dsl/tst.printfconv.d \
	t/dsl/tst.printf-S.d \
	t/dsl/tst.fold.d \
	t/dsl/tst.declare.d \
	t/dsl/tst.errorprobe.d \
	t/dsl/tst.exit.d \
	t/dsl/tst.ecb-per-desc.d \
	t/dsl/tst.ifelse.d \
	t/dsl/tst.llquantize-steps.d \
	t/dsl/tst.llquantize.d \
	t/dsl/tst.llquantize-neg.d \
	t/dsl/tst.llquantize-labels.d \
	t/dsl/tst.lquantize-mid.d \
	t/dsl/tst.lquantize.d \
	t/dsl/tst.macroargs.d \
	t/dsl/tst.moddiv.d \
	t/dsl/tst.notquiet.d \
	t/dsl/tst.tracewidths.d \
	t/dsl/tst.printa-joined.d \
	t/dsl/tst.printa.d \
	t/dsl/tst.printa-many.d \
	t/dsl/tst.printf.d \
	t/dsl/tst.setopt.d \
	t/dsl/tst.rawbytes.d \
	t/dsl/tst.aggzoom.d \
	t/dsl/tst.drops.d \
	t/dsl/tst.bufring.d \
	t/dsl/tst.bufring-wrap.d \
	t/dsl/err.dynvarsize.d \
	t/dsl/err.optrefused.d \
	t/dsl/tst.typeword.d \
	t/dsl/err.typeword.d \
	t/dsl/tst.pspec.d \
	t/dsl/err.pspec.d \
	t/dsl/err.eof-pragma.d \
	t/dsl/err.keys9.d \
	t/dsl/err.nested-comment.d \
	t/dsl/tst.hexescape.d \
	t/dsl/tst.translator.d \
	t/dsl/err.D_XLATE_NONE.d \
	t/dsl/err.D_XLATE_MEMB.d \
	t/dsl/err.D_XLATE_INCOMPAT.d \
	t/dsl/err.D_XLATE_NOCONV.d \
	t/dsl/err.D_XLATE_REDECL.d \
	t/dsl/err.D_XLATE_SOU.d \
	t/dsl/err.D_OP_INCOMPLETE.d \
	t/dsl/err.D_CAST_INVAL.struct.d \
	t/dsl/err.xlate-self.d \
	t/dsl/tst.translator-struct.d \
	t/dsl/tst.printf-prec.d \
	t/dsl/tst.quantize-neg.d \
	t/dsl/tst.quantize.d \
	t/dsl/tst.keygrowth.d \
	t/dsl/tst.signedkeys.d \
	t/dsl/tst.strings.d \
	t/dsl/tst.thislocal.d \
	t/dsl/tst.types.d \
	t/dsl/tst.speculation.d \
	t/dsl/tst.speculation-notquiet.d \
	t/dsl/err.D_SPEC_DREC.d \
	t/dsl/err.D_DREC_COMM.d \
	t/dsl/err.D_AGG_SPEC.d \
	t/dsl/err.D_EXIT_SPEC.d \
	t/dsl/err.D_ACT_SPEC.d \
	t/dsl/err.specinvalid.d \
	t/dsl/tst.destructive.d \
	t/dsl/err.destructive.d \
	t/dsl/tst.byteorder.d \
	t/dsl/tst.typedefs.d \
	t/dsl/tst.widen.d \
	t/dsl/tst.intvars.d \
	t/dsl/tst.moddiv.d \
	t/dsl/tst.printf-unsigned.d \
	t/dsl/tst.decls.d \
	t/dsl/tst.structvars.d \
	t/dsl/tst.arraybounds.d \
	t/dsl/err.D_ARR_BOUNDS.d \
	t/dsl/tst.alloca.d \
	t/dsl/tst.chararray-addr.d \
	t/dsl/tst.print-pointee.d \
	t/dsl/err.D_PROTO_ARG.print.d \
	t/dsl/tst.this-index.d \
	t/dsl/tst.alloca-pred.d \
	t/dsl/tst.comma.d \
	t/dsl/tst.linuxtypes.d \
	t/dsl/tst.alloca-faults.d \
	t/dsl/err.D_ALLOCA_SIZE.d \
	t/dsl/err.D_ALLOCA_INCOMPAT.d \
	t/dsl/tst.strsize.d \
	t/dsl/tst.nullstr.d \
	t/dsl/tst.nullstr-faults.d \
	t/dsl/tst.strmembers.d \
	t/dsl/tst.inline.d \
	t/dsl/err.D_OP_INCOMPAT.inline.d \
	t/dsl/tst.dptr.d \
	t/dsl/err.D_OP_ARRFUN.d \
	t/dsl/err.D_OP_INCOMPAT.voidptr.d \
	t/dsl/err.D_ADDROF_VAR.self.d \
	t/dsl/tst.bitfields.d \
	t/dsl/err.D_OFFSETOF_TYPE.d \
	t/dsl/err.D_DECL_BFSIZE.d \
	t/dsl/tst.structkeys.d \
	t/dsl/tst.externs.d \
	t/dsl/err.D_PROTO_ARG.structkey.d \
	t/dsl/err.D_DECL_PROTO_VOID.d \
	t/dsl/err.D_DECL_COMBO.d \
	t/dsl/err.D_DECL_ENOFLOW.d \
	t/dsl/err.D_DECL_IDRED.enum.d \
	t/dsl/err.D_DECL_BADCLASS.d \
	t/dsl/err.D_OP_SCALAR.str.d \
	t/dsl/err.D_ARR_BADREF.d \
	t/dsl/err.D_PROTO_ARG.strtok.d \
	t/dsl/tst.tracestruct.d \
	t/dsl/tst.charconst.d \
	t/dsl/err.bigvar.d \
	t/dsl/tst.printf-prec0.d \
	t/dsl/tst.macrovars.d \
	t/dsl/tst.macrostr.d \
	t/dsl/err.D_AGG_NULL.d \
	t/dsl/err.nulagg.d \
	t/dsl/err.D_AGG_MDIM.d \
	t/dsl/err.D_AGG_SCALAR.d \
	t/dsl/err.D_KEY_TYPE.d \
	t/dsl/err.D_FUNC_IDENT.d \
	t/dsl/err.D_PRINTA_AGGARG.d \
	t/dsl/err.D_CLEAR_AGGARG.d \
	t/dsl/err.D_PRINTF_ARG_EXTRA.d \
	t/dsl/err.D_PRINTF_AGG_CONV.d \
	t/dsl/err.D_CHR_NULL.d \
	t/dsl/err.D_OP_INT.d \
	t/dsl/err.D_PRAGMA_MALFORM.d \
	t/dsl/err.D_SYNTAX.line.d \
	t/dsl/err.D_SYNTAX.linemarker.d \
	t/dsl/err.D_SYNTAX.nobody.d \
	t/dsl/err.D_SYNTAX.nobody-pred.d \
	t/dsl/err.D_PRAGMA_OPTSET.d \
	t/dsl/err.D_AGG_REDEF.d \
	t/dsl/err.D_PROTO_LEN.d \
	t/dsl/err.D_ARR_LOCAL.d \
	t/dsl/err.D_DECL_CLASS.d \
	t/dsl/err.D_LQUANT_MATCHLIM.d \
	t/dsl/err.D_DIV_ZERO.d \
	t/dsl/err.D_LLQUANT_FACTORVAL.d \
	t/dsl/err.D_LLQUANT_HMAGTYPE.d \
	t/dsl/err.D_LLQUANT_STEPVAL.d \
	t/dsl/err.D_IDENT_UNDEF.d \
	t/dsl/err.D_SYNTAX.d \
	t/dsl/err.errtags.d \
	t/dsl/err.macroarg.d \
	t/dsl/err.nomatch.d \
	t/dsl/err.printa-keys.d \
	t/dsl/err.printf.d \
	t/dsl/err.quatize.d \
	t/dsl/err.redeclare.d \
	t/dsl/err.toodeep.d \
	t/dsl/err.toolong.d \
	t/dsl/err.types.d

TESTS += $(dsl_d_tests)
EXTRA_DIST += $(dsl_d_tests) $(dsl_d_tests:.d=.r)

# The host-facing contract and the front end on strings, in C.
check_PROGRAMS += t/dsl/rt-test
t_dsl_rt_test_SOURCES = t/dsl/rt-test.c
t_dsl_rt_test_LDADD = $(DSL_LIBS) $(JSON_C_LIBS)
TESTS += t/dsl/rt-test

TESTS += t/dsl/cmdline.sh t/dsl/errtags.sh t/dsl/cpp.sh \
	t/dsl/clause-body.sh
EXTRA_DIST += t/dsl/cmdline.sh t/dsl/errtags.sh t/dsl/cpp.sh \
	t/dsl/clause-body.sh

# The runtime never calls the compiler; names say their file (nm).
TESTS += t/dsl/layers.sh
EXTRA_DIST += t/dsl/layers.sh

# A quiet target with C structs for the tests of D's C types.
check_PROGRAMS += t/targets/dsl-struct
t_targets_dsl_struct_SOURCES = t/targets/dsl-struct.c
t_targets_dsl_struct_CFLAGS = -O1 -g0

# End to end: the leveldown Put's Slices through a struct in the script.
TESTS += t/dsl/leveldown-slice.sh
EXTRA_DIST += t/dsl/leveldown-slice.sh
