/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/fast.h: the fast path's private layout, shared by tramp.c
 * (the trampolines and the patching), ring.c (the shared record ring) and
 * clock.c (rdtsc to CLOCK_MONOTONIC), and included by no other file but
 * the ring's white-box tests (t/tracer/ring-test.c, t/fastpath/).
 * doc/TRACER.md, "The fast path", says why each piece is the way it is.
 *
 * One memfd per traced process, created by a syscall injected into a
 * stopped thread and mapped twice over: pidtrace maps all of it read-write
 * (it writes trampolines, reads records), the tracee maps the ring
 * read-write anywhere and each trampoline chunk read-execute near the
 * code it serves (a jmp rel32 reaches it).
 *
 *	offset 0		header: drops (u64) at 0; shard i's producer
 *				position (u64) at 64 + 64 * i; the syscall
 *				table (TR_SYSTAB) at 2048
 *	offset TR_SYSCODE	each syscall number's clause code entry
 *				(u64), entry then return: 2 x 512 words
 *	offset TR_RING_SLOTS	shard 0's slots, then shard 1's, ...
 *	then			the host's data area (tr_fast_area), if any:
 *				fa_ringsz covers the ring and it, the one
 *				read-write mapping of the tracee
 *	offset fa_ringsz	trampoline chunk 0, chunk 1, ... (clause code
 *				too, tr_fast_code)
 */
#ifndef PIDTRACE_TR_FAST_H
#define PIDTRACE_TR_FAST_H

#include <stdbool.h>
#include <stdint.h>

#include <capstone/capstone.h>

#include "tracer/tr-impl.h"

#define TR_RING_SLOTS	16384u		/* offset of shard 0's slots */
#define TR_NSHARDS	4u		/* a power of two, at most 62 */
#define TR_SLOTSZ	128u		/* bytes per record slot */
#define TR_CHUNK	(1u << 20)	/* bytes per trampoline chunk */
#define TR_GATE_LEN	64u		/* clause code's syscall gates, and
					 * the key's (TR_KEYGATE, TR_GOKEY) */
#define TR_KEYGATE	16u		/* the trampolines' gettid gate, at
					 * fa_gate + this */
#define TR_GOKEY	32u		/* the gate the blocks enter where
					 * no TCB holds the tid: Go's
					 * m.procid, else on to TR_KEYGATE */
#define TR_MAXCHUNK	128u		/* 64 left no room for the clause
					 * code of every function of node
					 * (74,000 sites with context blocks) */
#define TR_TRAMP_MAX	2048u		/* bytes per trampoline, at most (a
					 * whole function's: two records,
					 * each with its context block) */
#define TR_RELOC_MAX	32u		/* relocated bytes, at most */

/* One record, as a trampoline writes it. */
typedef struct tr_rec {
	uint64_t	r_seq;		/* Vyukov's, less the slot's index
					 * (ring.c): 0 free for the 1st lap */
	uint32_t	r_site;		/* index in s_fast->fs_sites */
	uint32_t	r_tid;		/* TCB's or gettid's; 0: fs base 0 */
	uint64_t	r_tsc;		/* rdtsc in the thread */
	uint64_t	r_args[6];	/* rdi rsi rdx rcx r8 r9; or rax; Go's
					 * rax rbx rcx rdi rsi r8 (fs_goregs);
					 * from a context (TR_RF_CTX): its
					 * args */
	uint32_t	r_flags;	/* TR_RF_CTX | the context's status */
	uint32_t	r_nev;		/* its events, TR_REC_NEV at most */
	uint64_t	r_ev[2 * TR_REC_NEV];
} tr_rec_t;

#define TR_RF_CTX	0x80000000u	/* a context block wrote it */

/*
 * A syscall site (kind TR_FAST_SYSCALL, sud.c): the labels of its
 * trampoline, offsets from fs_tramp (tramp.c, "Syscall sites").
 */
#define TR_FAST_SYSCALL	3
enum { TR_SO_SYS, TR_SO_SLOW, TR_SO_LEA, TR_SO_NOENT, TR_SO_AFTER,
       TR_SO_NOEXIT, TR_SO_NEVER, TR_SO_REST,
       /* the entry's context block: its start, its pushes done, its
        * jmp to the code; its plain record; then the exit's four */
       TR_SO_CX, TR_SO_CXP, TR_SO_CXJ, TR_SO_PL,
       TR_SO_CX2, TR_SO_CXP2, TR_SO_CXJ2, TR_SO_PL2, TR_SO_N };
#define TR_SYSTAB	2048u		/* the table's offset in the header */
#define TR_REC_EXIT	0x40000000u	/* r_site of a syscall's exit */
#define TR_SYSCODE	4096u		/* the code table's offset: u64
					 * [2][TR_SYSP_MAX], read by the
					 * trampolines of syscall sites */
/* A syscall site's context record: the number in r_nev's high half. */
#define TR_REC_NRSHIFT	16

/* A site the host asked to run fast (tr_bkpt_want_fast). */
typedef struct tr_fsite {
	uint64_t	fs_addr;	/* the int3 site (entry, or the ret) */
	uint64_t	fs_p0;		/* first byte replaced by the jmp */
	uint8_t		fs_n;		/* bytes replaced (>= 5) */
	uint8_t		fs_kind;	/* TR_FAST_ENTRY / TR_FAST_RETURN */
	bool		fs_live;	/* the jmp is in the text */
	uint8_t		fs_orig[TR_RELOC_MAX];	/* the original bytes */
	uint8_t		fs_text[TR_RELOC_MAX];	/* what we wrote */
	uint32_t	fs_cookie;	/* the host's */
	uint64_t	fs_lo, fs_hi, fs_clo, fs_chi;	/* function, .cold */
	uint64_t	fs_tramp;	/* its trampoline in the tracee */
	uint16_t	fs_tlen;	/* and its length */
	uint16_t	fs_rec_lo, fs_rec_hi;	/* the record block in it */
	uint8_t		fs_nins;	/* relocated instructions */
	uint8_t		fs_toff[8];	/* each one's offset in the tramp */
	uint8_t		fs_ooff[8];	/* and in the original (from p0) */
	uint16_t	fs_tend;	/* offset of the jmp back / the ret */
	uint16_t	fs_calljmp;	/* an entry's moved call: offset of
					 * its jump (after the push of its
					 * return address), 0 if none */
	uint64_t	fs_calltgt;	/* and its target if direct, or 0 */
	bool		fs_whole;	/* the whole function: entry record,
					 * body, return record, ret */
	uint16_t	fs_rec2_lo, fs_rec2_hi;	/* its return record block */
	uint64_t	fs_retaddr;	/* its ret in the original */
	uint64_t	fs_tprev, fs_tnext;	/* tr_fast_want_t's */
	uint8_t		fs_why;		/* TR_FW_*: why it stayed int3 */
	bool		fs_said;	/* tr_fast_refusals told it */
	bool		fs_ctx;		/* context blocks (fw_ctx) */
	uint64_t	fs_arg0;	/* fw_arg0, a return's context's */
	bool		fs_goregs;	/* fw_goregs: Go's registers */
	uint64_t	fs_word;	/* the memfd offset of its entry word
					 * (fs_ctx), 0 if none */
	uint64_t	fs_word2;	/* and of its return record's (whole) */
	uint16_t	fs_plain, fs_plain2;	/* each record block's plain
						 * template, from its start */
	uint64_t	fs_sc;		/* TR_FAST_SYSCALL: its `syscall` */
	uint64_t	fs_g1, fs_g2;	/* its gates in chunk 0 */
	uint16_t	fs_so[TR_SO_N];	/* its labels (tramp.c, TR_SO_*) */
	uint16_t	fs_cx[2][3];	/* each record block's context
					 * block, from its start: its key
					 * load, the first and the last
					 * offsets (the jmp to the code)
					 * where it holds TR_CTX_SIZE bytes
					 * and 10 words pushed; 0s if none */
} tr_fsite_t;

/* Why a site asked for stays int3 (fs_why; tramp.c's why_text). */
enum {
	TR_FW_NONE = 0,
	TR_FW_TARGET,	/* code may land inside the bytes replaced */
	TR_FW_UNKNOWN,	/* the host knows no landing addresses */
	TR_FW_FUNC,	/* an indirect jmp whose targets are unknown */
	TR_FW_UNDEC,	/* bytes of the function do not decode */
	TR_FW_NOSIZE,	/* the function's size is unknown (0) */
	TR_FW_INSN,	/* an instruction there cannot move */
	TR_FW_SITE,	/* another site's bytes are in the way */
	TR_FW_ROOM,	/* no trampoline within rel32 reach */
	TR_FW_THREAD,	/* a thread was stopped inside the bytes */
	TR_FW_SHARED,	/* a second hook needs the stop */
	TR_FW_WRITE,	/* the jump could not be written */
	TR_FW_PROC,	/* the process cannot take the fast path */
	TR_FW_BODY,	/* not an instruction of the function's body */
	TR_FW_SHSTK,	/* a call to move, and a shadow stack (CET) */
	TR_FW_N
};

typedef struct tr_chunk {
	uint64_t	ch_addr;	/* in the tracee */
	uint64_t	ch_off;		/* in the memfd */
	uint32_t	ch_used;
} tr_chunk_t;

struct tr_fast {
	bool		fa_on;		/* the host wants it */
	bool		fa_broken;	/* set-up failed: int3 for good */
	bool		fa_notcb;	/* because no thread had a TCB yet (a
					 * static program at its entry point):
					 * syscall sites try again later */
	size_t		fa_bufsize;
	int		fa_fd;		/* our fd of the memfd, or -1 */
	unsigned long	fa_ino;		/* its inode: which lines of the
					 * process's maps are ours */
	bool		fa_leftsaid;	/* the teardown said what it left */
	uint8_t		*fa_map;	/* our mapping of all of it */
	size_t		fa_mapsz;
	uint64_t	fa_ring;	/* the ring in the tracee, 0 if none */
	size_t		fa_ringsz;
	uint32_t	fa_nslots;	/* per shard, a power of two */
	uint32_t	fa_tidoff;	/* tid's offset in glibc's TCB */
	bool		fa_gettid;	/* no TCB holds it: the key by gettid */
	int32_t		fa_gokey;	/* with fa_gettid, non-zero: %fs:this
					 * (Go's m.procid) first (find_gokey) */
	bool		fa_gonever;	/* a thread not Go's: fa_gokey never
					 * again */
	bool		fa_gotry;	/* a Go thread appeared: try Go's key
					 * with every thread stopped */
	uint8_t		fa_gotries;	/* tries left (find_gokey failed) */
	bool		fa_tcbwait;	/* set up before a thread pointer was:
					 * keyed by gettid until the TCB holds
					 * the tid (tr_fast_tcb_try) */
	uint8_t		fa_tcbtries;	/* tries made while waiting */
	bool		fa_tcbkey;	/* the key gate loads the TCB's tid:
					 * fa_gokey is its offset (positive) */
	bool		fa_rdfsbase;	/* the trampolines check fs base */
	bool		fa_revert;	/* a thread without TCB: back to int3 */
	char		fa_revwhy[96];	/* which, for fa_why */
	uint64_t	(*fa_stub)[3];	/* rekey's stubs: start, end, and
					 * where each jumps back to */
	size_t		fa_nstub;
	tr_chunk_t	fa_chunk[TR_MAXCHUNK];
	unsigned	fa_nchunk;
	tr_fsite_t	*fa_sites;
	size_t		fa_nsites, fa_cap;
	size_t		fa_pending;	/* sites before it not yet tried */
	uint64_t	*fa_xtgt;	/* jump-table entries that land in no
					 * site's function (a stripped
					 * file's unnamed .cold code): the
					 * functions of later sites weigh
					 * them (tramp.c, ij_table) */
	size_t		fa_nxtgt;
	size_t		fa_nwhole;	/* sites built as whole functions */
	uint64_t	fa_deq[TR_NSHARDS];	/* consumer positions */
	uint64_t	fa_stuck[TR_NSHARDS];	/* when a slot stalled, ns */
	bool		fa_check;	/* a stall is old: check it */
	uint64_t	fa_drops;	/* skipped half-written slots */
	uint64_t	fa_records;	/* records delivered */
	pid_t		*fa_mute;	/* tids whose records are a vfork
					 * child's: dropped */
	size_t		fa_nmute;
	uint32_t	*fa_idx;	/* live sites by fs_p0 (fastidx.c) */
	size_t		fa_nidx, fa_idxcap;
	bool		fa_idxsorted;
	char		fa_why[160];	/* why it is off (tr_fast_why) */
	size_t		fa_areasz;	/* tr_fast_area's, after the ring */
	uint64_t	*fa_code;	/* clause code placed: [lo, hi) pairs
					 * in the tracee */
	size_t		fa_ncode;
	uint64_t	fa_clkgen;	/* the clock line the host was told */
	struct tr_sysite {
		uint64_t	sy_addr;	/* the `syscall` */
		uint8_t		sy_tries;	/* patches refused so far */
		bool		sy_done;	/* patched, or never will be */
		const char	*sy_why;	/* refused: why, or NULL */
	}		*fa_sys;
	size_t		fa_nsys, fa_syscap;
	bool		fa_shstk;	/* a thread has a shadow stack on
					 * (tr_proc_shstk, at each arming) */
	uint64_t	*fa_fix;	/* clause code's loads: [pc, landing]
					 * pairs in the tracee (guard.c) */
	size_t		fa_nfix;
	bool		fa_fixsorted;
	uint64_t	*fa_loads;	/* the area's word that lets the code
					 * load, here; NULL when not set */
	uint64_t	fa_gate;	/* clause code's syscall gate, at
					 * chunk 0's start (tr_fast_gate) */
	uint64_t	fa_sudinsn;	/* a `syscall` of ours in chunk 0, for
					 * injected calls while dispatch is
					 * on (tr_fast_sud_range) */
};

/*
 * What the rest of the tracer calls is declared in tracer/tr-impl.h (the
 * wall); what only these files share, here.
 */

/* fastidx.c */
int	tr_fidx_add(struct tr_fast *fa, size_t i);
void	tr_fidx_clear(struct tr_fast *fa);
void	tr_fidx_free(struct tr_fast *fa);
void	tr_fidx_from(const struct tr_fast *fa, uint64_t a, uint64_t b,
	    bool (*fn)(const tr_fsite_t *fs, void *arg), void *arg);
void	tr_fidx_each(const struct tr_fast *fa, uint64_t a, uint64_t b,
		     bool (*fn)(const tr_fsite_t *fs, void *arg), void *arg);

/* shstk.c */
bool	tr_status_shstk(const char *status);
bool	tr_proc_shstk(pid_t pid);

/* ring.c */
void	tr_ring_init(struct tr_fast *fa);
/* the same on the memfd's view, left as the kernel gives it */
void	tr_ring_init_shared(struct tr_fast *fa);

/* clock.c */
void	tr_clock_begin(void);	/* the fit's first sample, early */
void	tr_clock_mid(void);	/* its second, passing by */
bool	tr_clock_usable(char *why, size_t len);
/* guard.c: clause code's loads and their fixups */
int	tr_fast_fix_add(struct tr_fast *fa, uint64_t at, const uint32_t *fix,
			size_t nfix);
void	tr_fast_loads_off(struct tr_fast *fa);
void	tr_clock_refit(void);
uint64_t tr_clock_ns(uint64_t tsc);
uint64_t tr_clock_mono(void);
uint64_t tr_clock_gen(void);	/* moves on at each new line */

#endif /* PIDTRACE_TR_FAST_H */
