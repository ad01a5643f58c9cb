/*
 * cmd/sysprov.h: the syscall provider in pidtrace.  probes/syscall.h
 * names the probes and says what a return means; here the probes the
 * descriptions match are registered with the D runtime, and the stop
 * loop's syscall stops (tracer.h, h_syscall) find their D probe.  Ours
 * fires in the traced processes only (-p, -c, their threads), where
 * DTrace's is system-wide.  Only cmd/ calls this.
 */
#ifndef PIDTRACE_CMD_SYSPROV_H
#define PIDTRACE_CMD_SYSPROV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dsl/dsl.h"

/*
 * Let the provider claim description d of pg: register every syscall
 * probe it matches (once) and enable d on each.  Returns the number of
 * probes matched; exits on out of memory.
 */
size_t		sysprov_claim(dsl_rt_t *rt, const dsl_prog_t *pg, size_t d);

/* -l with no program: register every probe of the provider. */
void		sysprov_claim_all(dsl_rt_t *rt);

/* Whether any syscall probe is enabled: then the tracer stops the
 * traced threads at every syscall entry and exit, else at none. */
bool		sysprov_enabled(void);

/* The D probe id of call nr's entry (or return), 0 if not enabled.
 * Cheap: for the firing path. */
uint32_t	sysprov_probe(long nr, bool entry);

/* -l: print the registered syscall probes in dtrace's format. */
void		sysprov_list(void);

#endif /* PIDTRACE_CMD_SYSPROV_H */
