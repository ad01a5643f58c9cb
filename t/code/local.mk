# t/code: the code people run, as compilers leave it: Go's register ABI
# and stripped Go, inlined copies, C++ arguments the ABI moves,
# registers, C++ and soname names.  The targets print what they did;
# no sanitizers in them (they are traced, not tested).
check_PROGRAMS += t/targets/cg-inline t/targets/cg-str
t_targets_cg_inline_SOURCES = t/targets/cg-inline.c
t_targets_cg_inline_CFLAGS = -O2 -g
t_targets_cg_inline_LDFLAGS =
t_targets_cg_str_SOURCES = t/targets/cg-str.cc
t_targets_cg_str_CXXFLAGS = -O2 -g
t_targets_cg_str_LDFLAGS =

code_d_tests = \
	t/code/err.uregs-name.d \
	t/code/err.uregs-index.d \
	t/code/err.uregs-var.d \
	t/code/err.uregs-write.d \
	t/code/tst.uregs-names.d \
	t/code/tst.begin-regs.d
code_sh_tests = \
	t/code/go.sh \
	t/code/cxx.sh \
	t/code/names.sh \
	t/code/inline.sh \
	t/code/regs.sh
TESTS += $(code_sh_tests) $(code_d_tests)
EXTRA_DIST += t/code/codelib.sh t/targets/cg-go.go $(code_sh_tests) \
	$(code_d_tests) $(code_d_tests:.d=.r)
