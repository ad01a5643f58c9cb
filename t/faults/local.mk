# t/faults: the fault suite (issue 5): traced runs compared with untraced
# runs of purpose-built targets.
check_PROGRAMS += t/targets/ft-insns
t_targets_ft_insns_SOURCES = t/targets/ft-insns-main.c t/targets/ft-insns.S
