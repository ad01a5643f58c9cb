/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * metrics.c: the aggregations for Prometheus (see metrics.h).
 *
 * Names: @name becomes pidtrace_name (@ alone: pidtrace_agg), with every
 * byte outside [a-zA-Z0-9_] made '_'.  count() and sum() are counters
 * (pidtrace_name_total), min/max/avg/stddev gauges, the quantizes
 * histograms with cumulative le buckets at each bucket's inclusive upper
 * bound, +Inf, _sum and _count.  Keys are the labels key0, key1, ...
 * (D keys have no names); their values are made valid UTF-8 and escaped
 * as the text format says (\\ \" \n); a stack key is its frames folded
 * (dsl_aval_t).  Entries whose labels read the same (stacks that differ
 * only in offsets, or in their process; strings made the same by the
 * UTF-8 repair) are one series: their values are merged, as Prometheus
 * rejects a series given twice.
 *
 * A histogram always has the same le values (every bucket of its
 * definition, and quantize's negative ones only once a negative value
 * came), so that sum by (le) across hosts adds like to like.
 */
#include <config.h>

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stddef.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "dsl/emit.h"
#include "cmd/metrics.h"

/*
 * libmicrohttpd is opened by its soname when a server is asked for, not
 * linked: loading it and its TLS chain (gnutls, nettle, p11-kit, ...)
 * costs every run of pidtrace about 2 ms of relocation and page faults
 * (an empty program linked with and without it), which a short traced
 * command (dd under the syscall provider) pays in full.  The header still
 * gives the types; only these entry points are looked up.
 */
struct mhd_fns {
	struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t,
	    MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback,
	    void *, ...);
	void (*stop_daemon)(struct MHD_Daemon *);
	struct MHD_Response *(*create_response_from_buffer)(size_t, void *,
	    enum MHD_ResponseMemoryMode);
	enum MHD_Result (*add_response_header)(struct MHD_Response *,
	    const char *, const char *);
	enum MHD_Result (*queue_response)(struct MHD_Connection *,
	    unsigned int, struct MHD_Response *);
	void (*destroy_response)(struct MHD_Response *);
};
static struct mhd_fns mhd;

/* Open the library once; on failure one line on stderr and -1. */
static int
mhd_load(void)
{
	static const struct {
		const char	*name;
		size_t		off;
	} fn[] = {
		{ "MHD_start_daemon", offsetof(struct mhd_fns, start_daemon) },
		{ "MHD_stop_daemon", offsetof(struct mhd_fns, stop_daemon) },
		{ "MHD_create_response_from_buffer",
		    offsetof(struct mhd_fns, create_response_from_buffer) },
		{ "MHD_add_response_header",
		    offsetof(struct mhd_fns, add_response_header) },
		{ "MHD_queue_response",
		    offsetof(struct mhd_fns, queue_response) },
		{ "MHD_destroy_response",
		    offsetof(struct mhd_fns, destroy_response) },
	};
	void *h, *f;
	size_t i;

	if (mhd.destroy_response != NULL)
		return 0;
	h = dlopen(PT_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		fprintf(stderr, "pidtrace: metrics: cannot load %s (install "
		    "the Debian package libmicrohttpd12): %s\n",
		    PT_MHD_SONAME, dlerror());
		return -1;
	}
	for (i = 0; i < sizeof(fn) / sizeof(fn[0]); i++) {
		if ((f = dlsym(h, fn[i].name)) == NULL) {
			fprintf(stderr, "pidtrace: metrics: %s has no %s\n",
			    PT_MHD_SONAME, fn[i].name);
			memset(&mhd, 0, sizeof(mhd));
			dlclose(h);
			return -1;
		}
		memcpy((char *)&mhd + fn[i].off, &f, sizeof(f));
	}
	/* kept open: the server's thread runs its code until the end */
	return 0;
}

struct cmd_metrics {
	struct MHD_Daemon *m_daemon;
	int		m_sock;
	char		m_addr[128];	/* "127.0.0.1:9464" */
	pthread_mutex_t	m_lock;		/* guards m_text, m_len */
	char		*m_text;	/* the last rendering */
	size_t		m_len;
	char		*m_file, *m_tmp;	/* -x metrics-file, its tmp */
	bool		m_filerr;	/* a write error was reported */
};

typedef struct render {
	FILE		*r_fp;
	char		r_base[160];	/* pidtrace_NAME */
	bool		r_head;		/* # TYPE written */
} render_t;

static void
label_value(FILE *fp, const char *s)
{
	char *u = dsl_emit_utf8_dup(s);
	const char *p;

	for (p = u != NULL ? u : ""; *p != '\0'; p++) {
		if (*p == '\\')
			fputs("\\\\", fp);
		else if (*p == '"')
			fputs("\\\"", fp);
		else if (*p == '\n')
			fputs("\\n", fp);
		else
			fputc(*p, fp);
	}
	free(u);
}

/* {key0="...",key1="3"[,le="..."]}, or nothing without labels. */
static void
labels(FILE *fp, const dsl_aent_t *e, const char *le)
{
	int i;

	if (e->ae_nkeys == 0 && le == NULL)
		return;
	fputc('{', fp);
	for (i = 0; i < e->ae_nkeys; i++) {
		fprintf(fp, "%skey%d=\"", i > 0 ? "," : "", i);
		if (e->ae_keys[i].av_str != NULL)
			label_value(fp, e->ae_keys[i].av_str);
		else
			fprintf(fp, "%" PRId64, e->ae_keys[i].av_int);
		fputc('"', fp);
	}
	if (le != NULL)
		fprintf(fp, "%sle=\"%s\"", e->ae_nkeys > 0 ? "," : "", le);
	fputc('}', fp);
}

/* lab: the keys' labels, as labels() writes them without le */
static void
histogram(FILE *fp, const char *base, const dsl_aent_t *e, const char *lab)
{
	size_t i, first = 0, klen = strlen(lab);
	int64_t cum = 0;
	char *keys;

	if (strcmp(e->ae_func, "quantize") == 0) {
		/* the negative buckets only once they hold something */
		for (i = 0; i < e->ae_nbuckets && e->ae_buckets[i].ab_max < 0;
		    i++)
			if (e->ae_buckets[i].ab_count != 0)
				break;
		if (i < e->ae_nbuckets && e->ae_buckets[i].ab_max >= 0)
			first = i;
	}
	if ((keys = strdup(lab)) == NULL)
		return;
	if (klen > 0)
		keys[--klen] = '\0';	/* drop the '}' */
	for (i = 0; i < first; i++)
		cum += e->ae_buckets[i].ab_count;
	/* the last bucket (open, or up to INT64_MAX) is +Inf */
	for (i = first; i + 1 < e->ae_nbuckets; i++) {
		cum += e->ae_buckets[i].ab_count;
		fprintf(fp, "%s_bucket%s%sle=\"%" PRId64 "\"} %" PRId64 "\n",
		    base, klen > 0 ? keys : "{", klen > 0 ? "," : "",
		    e->ae_buckets[i].ab_max, cum);
	}
	fprintf(fp, "%s_bucket%s%sle=\"+Inf\"} %" PRId64 "\n", base,
	    klen > 0 ? keys : "{", klen > 0 ? "," : "", e->ae_count);
	fprintf(fp, "%s_sum%s%s %" PRId64 "\n", base, keys, klen > 0 ? "}" : "",
	    e->ae_sum);
	fprintf(fp, "%s_count%s%s %" PRId64 "\n", base, keys,
	    klen > 0 ? "}" : "", e->ae_count);
	free(keys);
}

/* The name of an aggregation's entries: pidtrace_NAME, sanitised. */
static void
base_name(render_t *r, const char *name)
{
	const char *n = name[0] != '\0' ? name : "agg";
	size_t i, o = strlen("pidtrace_");

	memcpy(r->r_base, "pidtrace_", o);
	for (i = 0; n[i] != '\0' && o + 1 < sizeof(r->r_base); i++, o++) {
		char c = n[i];

		r->r_base[o] = (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
	}
	r->r_base[o] = '\0';
}

static int
one_entry(render_t *r, const dsl_aent_t *e, const char *lab)
{
	FILE *fp = r->r_fp;
	bool counter = strcmp(e->ae_func, "count") == 0 ||
	    strcmp(e->ae_func, "sum") == 0;
	const char *type = e->ae_buckets != NULL ? "histogram" :
	    counter ? "counter" : "gauge";

	if (!r->r_head) {
		r->r_head = true;
		base_name(r, e->ae_name);
		fprintf(fp, "# HELP %s%s D aggregation @%s = %s()\n",
		    r->r_base, counter ? "_total" : "", e->ae_name,
		    e->ae_func);
		fprintf(fp, "# TYPE %s%s %s\n", r->r_base,
		    counter ? "_total" : "", type);
	}
	if (e->ae_buckets != NULL) {
		histogram(fp, r->r_base, e, lab);
		return 0;
	}
	fprintf(fp, "%s%s%s", r->r_base, counter ? "_total" : "", lab);
	if (e->ae_unsigned)
		fprintf(fp, " %" PRIu64 "\n", (uint64_t)e->ae_value);
	else
		fprintf(fp, " %" PRId64 "\n", e->ae_value);
	return 0;
}

/* One entry of an aggregation, copied out of the walk, and its labels. */
typedef struct row {
	char		*rw_labels;	/* as labels() writes them (rs_kbuf) */
	long		rw_loff;	/* rw_labels's offset until then */
	size_t		rw_order;	/* the walk's order: dtrace's */
	bool		rw_merged;	/* added into an earlier row */
	dsl_aent_t	rw_e;		/* its keys are gone: use rw_labels */
	dsl_abucket_t	*rw_b;
} row_t;

typedef struct rows {
	row_t		*rs_row;
	size_t		rs_n, rs_cap;
	bool		rs_nomem;
	FILE		*rs_kf;		/* every row's labels, each ending in
					 * a NUL: one stream, not one a row */
	char		*rs_kbuf;
	size_t		rs_klen;
	bool		rs_copy;	/* keep the entries (to merge them) */
	render_t	*rs_r;		/* emit(): where, and which row next */
	size_t		rs_i;
} rows_t;

static int
collect(void *arg, const dsl_aent_t *e)
{
	rows_t *rs = arg;
	row_t *rw;

	if (rs->rs_n == rs->rs_cap) {
		size_t cap = rs->rs_cap ? 2 * rs->rs_cap : 64;
		row_t *n = realloc(rs->rs_row, cap * sizeof(*n));

		if (n == NULL)
			goto nomem;
		rs->rs_row = n;
		rs->rs_cap = cap;
	}
	rw = &rs->rs_row[rs->rs_n];
	memset(rw, 0, sizeof(*rw));
	rw->rw_e = *e;
	rw->rw_order = rs->rs_n;
	if (rs->rs_copy && e->ae_nbuckets > 0) {
		rw->rw_b = malloc(e->ae_nbuckets * sizeof(*rw->rw_b));
		if (rw->rw_b == NULL)
			goto nomem;
		memcpy(rw->rw_b, e->ae_buckets,
		    e->ae_nbuckets * sizeof(*rw->rw_b));
		rw->rw_e.ae_buckets = rw->rw_b;
	}
	rw->rw_loff = ftell(rs->rs_kf);
	labels(rs->rs_kf, e, NULL);
	fputc('\0', rs->rs_kf);
	rs->rs_n++;
	return 0;
nomem:
	rs->rs_nomem = true;
	return -1;
}

static int
by_labels(const void *a, const void *b)
{
	const row_t *x = *(row_t *const *)a, *y = *(row_t *const *)b;
	int c = strcmp(x->rw_labels, y->rw_labels);

	if (c != 0)
		return c;
	return x->rw_order < y->rw_order ? -1 : x->rw_order > y->rw_order;
}

/* floor(sqrt(v)), by bits (no libm for one square root) */
static uint64_t
isqrt(uint64_t v)
{
	uint64_t r = 0, b;

	for (b = 1ULL << 31; b != 0; b >>= 1)
		if ((r + b) * (r + b) <= v)
			r += b;
	return r;
}

/* Add entry f into e (same aggregation, same labels). */
static void
merge(dsl_aent_t *e, const dsl_aent_t *f)
{
	const char *fn = e->ae_func;
	size_t i;

	if (strcmp(fn, "min") == 0) {
		if (f->ae_value < e->ae_value)
			e->ae_value = f->ae_value;
	} else if (strcmp(fn, "max") == 0) {
		if (f->ae_value > e->ae_value)
			e->ae_value = f->ae_value;
	} else if (strcmp(fn, "avg") == 0) {
		e->ae_count += f->ae_count;
		e->ae_sum += f->ae_sum;
		e->ae_value = e->ae_count ? e->ae_sum / e->ae_count : 0;
	} else if (strcmp(fn, "stddev") == 0) {
		/* pooled: each part's mean and variance give its sum of
		 * squares (dtrace's stddev is an integer: near enough) */
		long double sq = 0, n, m;
		const dsl_aent_t *p[2] = { e, f };
		int k;

		for (k = 0; k < 2; k++) {
			long double c = (long double)p[k]->ae_count;
			long double mk = c > 0 ? p[k]->ae_sum / c : 0;
			long double sd = (long double)(uint64_t)p[k]->ae_value;

			sq += c * (sd * sd + mk * mk);
		}
		e->ae_count += f->ae_count;
		e->ae_sum += f->ae_sum;
		n = (long double)e->ae_count;
		m = n > 0 ? e->ae_sum / n : 0;
		e->ae_value = n > 0 && sq / n > m * m ?
		    (int64_t)isqrt((uint64_t)(sq / n - m * m)) : 0;
	} else if (e->ae_nbuckets > 0) {
		/* one aggregation: the same buckets, by their bounds */
		for (i = 0; i < e->ae_nbuckets && i < f->ae_nbuckets; i++)
			if (e->ae_buckets[i].ab_max == f->ae_buckets[i].ab_max)
				((dsl_abucket_t *)e->ae_buckets)[i].ab_count +=
				    f->ae_buckets[i].ab_count;
		e->ae_count += f->ae_count;
		e->ae_sum += f->ae_sum;
	} else {
		e->ae_value += f->ae_value;	/* count, sum */
	}
}

/* The walk again, when no two rows share labels: each entry as it comes,
 * with the labels the first walk wrote. */
static int
emit(void *arg, const dsl_aent_t *e)
{
	rows_t *rs = arg;

	if (rs->rs_i >= rs->rs_n)
		return -1;
	return one_entry(rs->rs_r, e, rs->rs_row[rs->rs_i++].rw_labels);
}

static void
drop_rows(rows_t *rs)
{
	size_t i;

	for (i = 0; i < rs->rs_n; i++)
		free(rs->rs_row[i].rw_b);
	free(rs->rs_kbuf);
	free(rs->rs_row);
	rs->rs_kbuf = NULL;
	rs->rs_row = NULL;
	rs->rs_n = rs->rs_cap = 0;
}

/*
 * Walk aggregation a into rs (copies of the entries too with copy), and
 * sort by[] (rs_n rows) by labels.  Returns how many rows repeat an
 * earlier row's labels, or -1 out of memory.
 */
static long
gather(dsl_rt_t *rt, uint32_t a, rows_t *rs, bool copy, row_t ***byp)
{
	row_t **by;
	size_t i;
	long dups = 0;

	rs->rs_copy = copy;
	if ((rs->rs_kf = open_memstream(&rs->rs_kbuf, &rs->rs_klen)) == NULL)
		return -1;
	(void)dsl_emit_agg_walk(rt, a, collect, rs);
	if (fclose(rs->rs_kf) != 0 || rs->rs_nomem)
		return -1;
	if (rs->rs_n == 0)
		return 0;
	if ((by = malloc(rs->rs_n * sizeof(*by))) == NULL)
		return -1;
	for (i = 0; i < rs->rs_n; i++) {
		rs->rs_row[i].rw_labels = rs->rs_kbuf + rs->rs_row[i].rw_loff;
		by[i] = &rs->rs_row[i];
	}
	qsort(by, rs->rs_n, sizeof(*by), by_labels);
	for (i = 1; i < rs->rs_n; i++)
		if (strcmp(by[i - 1]->rw_labels, by[i]->rw_labels) == 0)
			dups++;
	*byp = by;
	return dups;
}

void
metrics_render(dsl_rt_t *rt, FILE *fp)
{
	uint32_t a, n = dsl_emit_naggs(rt);

	for (a = 0; a < n; a++) {
		rows_t rs;
		row_t **by = NULL;
		render_t r;
		size_t i, j;
		long dups;

		memset(&r, 0, sizeof(r));
		memset(&rs, 0, sizeof(rs));
		r.r_fp = fp;
		/* the usual case, no two entries alike: the labels first,
		 * then each entry as the walk gives it, copied nowhere */
		dups = gather(rt, a, &rs, false, &by);
		if (dups == 0) {
			rs.rs_r = &r;
			(void)dsl_emit_agg_walk(rt, a, emit, &rs);
		}
		drop_rows(&rs);
		free(by);
		by = NULL;
		if (dups <= 0)
			continue;	/* done, or out of memory: nothing
					 * rather than a series twice */
		memset(&rs, 0, sizeof(rs));
		if (gather(rt, a, &rs, true, &by) >= 0) {
			for (i = 0; i < rs.rs_n; i = j) {
				for (j = i + 1; j < rs.rs_n &&
				    strcmp(by[i]->rw_labels,
				    by[j]->rw_labels) == 0; j++) {
					merge(&by[i]->rw_e, &by[j]->rw_e);
					by[j]->rw_merged = true;
				}
			}
			for (i = 0; i < rs.rs_n; i++)
				if (!rs.rs_row[i].rw_merged)
					one_entry(&r, &rs.rs_row[i].rw_e,
					    rs.rs_row[i].rw_labels);
		}
		drop_rows(&rs);
		free(by);
	}
}

static enum MHD_Result
answer(void *cls, struct MHD_Connection *conn, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *uploadlen, void **ccls)
{
	static const char notfound[] = "pidtrace serves /metrics\n";
	cmd_metrics_t *m = cls;
	struct MHD_Response *rsp;
	enum MHD_Result ret;
	unsigned code = MHD_HTTP_OK;

	(void)version;
	(void)upload;
	(void)uploadlen;
	(void)ccls;
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
		code = MHD_HTTP_METHOD_NOT_ALLOWED;
		rsp = mhd.create_response_from_buffer(0, NULL,
		    MHD_RESPMEM_PERSISTENT);
	} else if (strcmp(url, "/metrics") != 0) {
		code = MHD_HTTP_NOT_FOUND;
		rsp = mhd.create_response_from_buffer(sizeof(notfound) - 1,
		    (void *)(uintptr_t)notfound, MHD_RESPMEM_PERSISTENT);
	} else {
		/* a copy: the tracing thread may swap the text right after */
		pthread_mutex_lock(&m->m_lock);
		rsp = mhd.create_response_from_buffer(m->m_len,
		    m->m_text != NULL ? m->m_text : (char *)"",
		    MHD_RESPMEM_MUST_COPY);
		pthread_mutex_unlock(&m->m_lock);
		if (rsp != NULL)
			mhd.add_response_header(rsp, "Content-Type",
			    "text/plain; version=0.0.4; charset=utf-8");
	}
	if (rsp == NULL)
		return MHD_NO;
	ret = mhd.queue_response(conn, code, rsp);
	mhd.destroy_response(rsp);
	return ret;
}

/* Bind the listening socket ourselves: errors name the address. */
static int
listen_on(cmd_metrics_t *m, const char *spec)
{
	char host[128], port[16];
	const char *colon;
	struct addrinfo hints, *ai = NULL;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int fd = -1, one = 1, e;

	if (*spec == '\0')
		spec = "9464";
	colon = strrchr(spec, ':');
	if (colon == NULL) {
		/* a port alone: loopback, never every interface */
		snprintf(host, sizeof(host), "127.0.0.1");
		snprintf(port, sizeof(port), "%s", spec);
	} else {
		const char *h = spec;
		size_t hl = (size_t)(colon - spec);

		if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') {
			h++;
			hl -= 2;
		}
		if (hl == 0 || hl >= sizeof(host) ||
		    strlen(colon + 1) >= sizeof(port)) {
			fprintf(stderr, "pidtrace: metrics: bad address '%s' "
			    "(HOST:PORT or PORT)\n", spec);
			return -1;
		}
		memcpy(host, h, hl);
		host[hl] = '\0';
		snprintf(port, sizeof(port), "%s", colon + 1);
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if ((e = getaddrinfo(host, port, &hints, &ai)) != 0) {
		fprintf(stderr, "pidtrace: metrics: bad address '%s': %s\n",
		    spec, gai_strerror(e));
		return -1;
	}
	fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 || listen(fd, 16) < 0 ||
	    getsockname(fd, (struct sockaddr *)&ss, &sl) < 0) {
		fprintf(stderr, "pidtrace: metrics: listen on %s: %s\n", spec,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(ai);
		return -1;
	}
	{
		char h[NI_MAXHOST], p[NI_MAXSERV];

		if (getnameinfo((struct sockaddr *)&ss, sl, h, sizeof(h), p,
		    sizeof(p), NI_NUMERICHOST | NI_NUMERICSERV) == 0)
			snprintf(m->m_addr, sizeof(m->m_addr),
			    ai->ai_family == AF_INET6 ? "[%s]:%s" : "%s:%s",
			    h, p);
	}
	m->m_sock = fd;
	e = ai->ai_family;
	freeaddrinfo(ai);
	return e;
}

cmd_metrics_t *
metrics_open(const char *listen, const char *file)
{
	cmd_metrics_t *m = calloc(1, sizeof(*m));
	sigset_t all, old;
	int family;

	if (m == NULL) {
		fprintf(stderr, "pidtrace: metrics: out of memory\n");
		return NULL;
	}
	m->m_sock = -1;
	pthread_mutex_init(&m->m_lock, NULL);
	if (file != NULL) {
		m->m_file = strdup(file);
		if (m->m_file == NULL || asprintf(&m->m_tmp, "%s.tmp",
		    file) < 0) {
			fprintf(stderr, "pidtrace: metrics: out of memory\n");
			metrics_close(m);
			return NULL;
		}
	}
	if (listen == NULL)
		return m;
	if (mhd_load() != 0 || (family = listen_on(m, listen)) < 0) {
		metrics_close(m);
		return NULL;
	}
	/* the server's thread takes no signal: SIGINT, SIGALRM (ticks)
	 * and SIGCHLD are the tracing thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	m->m_daemon = mhd.start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
	    (family == AF_INET6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, answer, m,
	    MHD_OPTION_LISTEN_SOCKET, m->m_sock,
	    MHD_OPTION_CONNECTION_LIMIT, 64U,
	    MHD_OPTION_CONNECTION_TIMEOUT, 10U,
	    MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (m->m_daemon == NULL) {
		fprintf(stderr, "pidtrace: metrics: cannot start the HTTP "
		    "server on %s\n", m->m_addr);
		metrics_close(m);
		return NULL;
	}
	m->m_sock = -1;		/* MHD_stop_daemon closes it */
	return m;
}

const char *
metrics_address(const cmd_metrics_t *m)
{
	return m->m_daemon != NULL ? m->m_addr : NULL;
}

/* write, fsync, rename: node_exporter never reads half a file. */
static void
write_file(cmd_metrics_t *m, const char *text, size_t len)
{
	int fd = open(m->m_tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644);
	size_t off = 0;
	const char *what = "open";

	if (fd < 0)
		goto fail;
	what = "write";
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		off += (size_t)n;
	}
	what = "fsync";
	if (fsync(fd) != 0)
		goto fail;
	what = "close";
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	what = "rename";
	if (rename(m->m_tmp, m->m_file) != 0)
		goto fail;
	m->m_filerr = false;
	return;
fail:
	/* once per run of failures, not every second */
	if (!m->m_filerr)
		fprintf(stderr, "pidtrace: metrics-file: %s %s: %s\n", what,
		    *what == 'r' ? m->m_file : m->m_tmp, strerror(errno));
	m->m_filerr = true;
	if (fd >= 0)
		close(fd);
	unlink(m->m_tmp);
}

void
metrics_update(cmd_metrics_t *m, dsl_rt_t *rt)
{
	char *text = NULL, *old;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	if (fp == NULL)
		return;
	metrics_render(rt, fp);
	if (fclose(fp) != 0) {
		free(text);
		return;
	}
	if (m->m_file != NULL)
		write_file(m, text, len);
	pthread_mutex_lock(&m->m_lock);
	old = m->m_text;
	m->m_text = text;
	m->m_len = len;
	pthread_mutex_unlock(&m->m_lock);
	free(old);
}

void
metrics_close(cmd_metrics_t *m)
{
	if (m == NULL)
		return;
	if (m->m_daemon != NULL)
		mhd.stop_daemon(m->m_daemon);
	if (m->m_sock >= 0)
		close(m->m_sock);
	pthread_mutex_destroy(&m->m_lock);
	free(m->m_text);
	free(m->m_file);
	free(m->m_tmp);
	free(m);
}
