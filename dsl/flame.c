/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * flame.c: -x flamegraph=FILE, an interactive SVG flame graph of the
 * first aggregation keyed by a stack, which the host writes at the end
 * of tracing (dsl_flame_svg: the file is the host's to open).
 *
 * The layout is flamegraph.pl's: stacks folded root first and sorted, so
 * that equal prefixes merge into one frame; x is the share of the
 * samples, the root at the bottom, 16 pixels a level.  The page carries
 * its own script, as flamegraph.pl's does: hovering a frame shows its
 * name, samples and percentage (also as a <title> tooltip), a click zooms
 * into it (its ancestors span the width, everything outside it hides),
 * "Reset Zoom" or a click on the root undoes it, "Search" highlights the
 * frames matching a regular expression and prints their share.  The URL
 * may carry ?s=REGEX (search on load) and ?f=ID (click frame ID on load:
 * what t/profile/flamesvg.sh uses to check the zoom in a headless
 * browser).
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"

#define FG_WIDTH	1200
#define FG_FRAMEH	16
#define FG_PAD		10
#define FG_TOP		60	/* title, details, buttons */
#define FG_BOTTOM	34

typedef struct frow {
	char		*fr_stack;	/* folded, root first */
	int64_t		fr_count;
} frow_t;

typedef struct fframe {
	const char	*ff_name;	/* into a row's stack, not NUL-ended */
	size_t		ff_namelen;
	int		ff_depth;
	int64_t		ff_start, ff_count;
} fframe_t;

static int
rowcmp(const void *a, const void *b)
{
	return strcmp(((const frow_t *)a)->fr_stack,
	    ((const frow_t *)b)->fr_stack);
}

/* XML text: & < > " escaped. */
static void
xml(FILE *fp, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i] != '\0'; i++) {
		switch (s[i]) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		default:
			if ((unsigned char)s[i] >= 0x20)
				fputc(s[i], fp);
		}
	}
}

/* flamegraph.pl's "hot" palette, from a hash of the name: stable. */
static void
color(const char *name, size_t n, int *r, int *g, int *b)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	*r = 205 + (int)(h % 50);
	*g = (int)((h >> 8) % 230);
	*b = (int)((h >> 16) % 55);
}

static const char script[] =
"<script type=\"text/ecmascript\"><![CDATA[\n"
"'use strict';\n"
"var W = 0, svg, details, matched, zoomed = null;\n"
"function frames() { return document.querySelectorAll('g.f'); }\n"
"function init() {\n"
"  svg = document.documentElement;\n"
"  W = +svg.getAttribute('data-width');\n"
"  details = document.getElementById('details');\n"
"  matched = document.getElementById('matched');\n"
"  frames().forEach(function (g) {\n"
"    g.addEventListener('mouseover', function () { show(g); });\n"
"    g.addEventListener('mouseout', function () {\n"
"      details.textContent = ' '; });\n"
"    g.addEventListener('click', function () { zoom(g); });\n"
"  });\n"
"  document.getElementById('unzoom').addEventListener('click', unzoom);\n"
"  document.getElementById('search').addEventListener('click',\n"
"    function () { search(prompt('Search (regular expression):', '')); });\n"
"  var q = new URLSearchParams(location.search);\n"
"  if (q.get('s')) search(q.get('s'));\n"
"  if (q.get('f')) {\n"
"    var g = document.getElementById(q.get('f'));\n"
"    if (g) g.dispatchEvent(new MouseEvent('click', { bubbles: true }));\n"
"  }\n"
"}\n"
"function info(g) {\n"
"  var n = +g.getAttribute('data-n'), t = +svg.getAttribute('data-total');\n"
"  return g.getAttribute('data-name') + ' (' + n + ' sample' +\n"
"    (n == 1 ? '' : 's') + ', ' + (100 * n / t).toFixed(2) + '%)';\n"
"}\n"
"function show(g) { details.textContent = 'Function: ' + info(g); }\n"
"function place(g, x, w) {\n"
"  var r = g.querySelector('rect'), t = g.querySelector('text');\n"
"  r.setAttribute('x', x.toFixed(1));\n"
"  r.setAttribute('width', w.toFixed(1));\n"
"  t.setAttribute('x', (x + 3).toFixed(1));\n"
"  var name = g.getAttribute('data-name'), fit = Math.floor((w - 6) / 7);\n"
"  t.textContent = fit < 3 ? '' : name.length <= fit ? name :\n"
"    name.substring(0, fit - 2) + '..';\n"
"}\n"
"function zoom(g) {\n"
"  var s = +g.getAttribute('data-s'), n = +g.getAttribute('data-n');\n"
"  var d = +g.getAttribute('data-d'), pad = +svg.getAttribute('data-pad');\n"
"  if (d == 0) { unzoom(); return; }\n"
"  zoomed = g;\n"
"  frames().forEach(function (f) {\n"
"    var fs = +f.getAttribute('data-s'), fn = +f.getAttribute('data-n');\n"
"    var fd = +f.getAttribute('data-d');\n"
"    if (fd < d && fs <= s && fs + fn >= s + n) {\n"
"      f.style.display = ''; f.classList.add('parent');\n"
"      place(f, pad, W - 2 * pad);\n"
"    } else if (fs >= s && fs + fn <= s + n && fd >= d) {\n"
"      f.style.display = ''; f.classList.remove('parent');\n"
"      place(f, pad + (fs - s) * (W - 2 * pad) / n, fn * (W - 2 * pad) / n);\n"
"    } else {\n"
"      f.style.display = 'none';\n"
"    }\n"
"  });\n"
"  document.getElementById('unzoom').style.opacity = 1;\n"
"}\n"
"function unzoom() {\n"
"  var t = +svg.getAttribute('data-total');\n"
"  var pad = +svg.getAttribute('data-pad');\n"
"  zoomed = null;\n"
"  frames().forEach(function (f) {\n"
"    f.style.display = ''; f.classList.remove('parent');\n"
"    place(f, pad + +f.getAttribute('data-s') * (W - 2 * pad) / t,\n"
"      +f.getAttribute('data-n') * (W - 2 * pad) / t);\n"
"  });\n"
"  document.getElementById('unzoom').style.opacity = 0.1;\n"
"}\n"
"function search(re) {\n"
"  var t = +svg.getAttribute('data-total'), hit = {}, sum = 0, rx;\n"
"  if (re == null) return;\n"
"  try { rx = new RegExp(re); } catch (e) { return; }\n"
"  frames().forEach(function (f) {\n"
"    var r = f.querySelector('rect');\n"
"    if (re !== '' && rx.test(f.getAttribute('data-name'))) {\n"
"      r.setAttribute('fill', 'rgb(230,0,230)'); f.classList.add('hit');\n"
"      /* count a range once: a match inside a match adds nothing */\n"
"      var s = +f.getAttribute('data-s'), n = +f.getAttribute('data-n');\n"
"      for (var k in hit) if (+k <= s && +k + hit[k] >= s + n) return;\n"
"      hit[s] = n;\n"
"    } else {\n"
"      r.setAttribute('fill', r.getAttribute('data-fill'));\n"
"      f.classList.remove('hit');\n"
"    }\n"
"  });\n"
"  for (var k in hit) sum += hit[k];\n"
"  matched.textContent = re === '' ? ' ' :\n"
"    'Matched: ' + (100 * sum / t).toFixed(2) + '%';\n"
"}\n"
"window.addEventListener('load', init);\n"
"]]></script>\n";

/* Write the SVG of rows (sorted here) to fp. */
static void
svg(FILE *fp, frow_t *rows, size_t n, const char *title)
{
	fframe_t *open = NULL, *done = NULL;
	size_t nopen = 0, ndone = 0, capd = 0, i, k;
	int64_t total = 0, x = 0;
	int maxdepth = 0, height, id = 0;
	double scale;

	qsort(rows, n, sizeof(*rows), rowcmp);
	for (i = 0; i < n; i++)
		total += rows[i].fr_count;
	open = calloc(DSL_STACKMAX + 2, sizeof(*open));
	if (open == NULL)
		return;
	/* the root spans everything */
	open[0].ff_name = "all";
	open[0].ff_namelen = 3;
	nopen = 1;
	for (i = 0; i <= n; i++) {
		const char *p = i < n ? rows[i].fr_stack : "";
		size_t keep = 1;	/* open frames this stack shares */

		while (i < n && *p != '\0' && keep < nopen) {
			size_t len = strcspn(p, ";");

			if (len != open[keep].ff_namelen ||
			    strncmp(p, open[keep].ff_name, len) != 0)
				break;
			keep++;
			p += len;
			if (*p == ';')
				p++;
		}
		if (i == n)
			keep = 0;	/* the end: close the root too */
		while (nopen > keep) {
			fframe_t *f = &open[--nopen];

			if (ndone == capd) {
				fframe_t *nd;

				capd = capd ? 2 * capd : 256;
				nd = realloc(done, capd * sizeof(*nd));
				if (nd == NULL)
					goto out;
				done = nd;
			}
			f->ff_count = x - f->ff_start;
			f->ff_depth = (int)nopen;
			done[ndone++] = *f;
		}
		if (i == n)
			break;
		while (*p != '\0' && nopen < DSL_STACKMAX + 1) {
			size_t len = strcspn(p, ";");

			open[nopen].ff_name = p;
			open[nopen].ff_namelen = len;
			open[nopen].ff_start = x;
			nopen++;
			p += len;
			if (*p == ';')
				p++;
		}
		x += rows[i].fr_count;
	}
	for (k = 0; k < ndone; k++)
		if (done[k].ff_depth > maxdepth)
			maxdepth = done[k].ff_depth;
	height = FG_TOP + (maxdepth + 1) * FG_FRAMEH + FG_BOTTOM;
	scale = total > 0 ? (double)(FG_WIDTH - 2 * FG_PAD) / (double)total :
	    0;
	fprintf(fp, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<svg version=\"1.1\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "data-width=\"%d\" data-pad=\"%d\" data-total=\"%lld\">\n",
	    FG_WIDTH, height, FG_WIDTH, height, FG_WIDTH, FG_PAD,
	    (long long)total);
	fputs("<style type=\"text/css\">\n"
	    "text { font-family: Verdana, sans-serif; font-size: 12px; "
	    "fill: rgb(0,0,0); }\n"
	    "g.f:hover { stroke: black; stroke-width: 0.5; cursor: pointer; }\n"
	    "g.f text { pointer-events: none; font-size: 11px; }\n"
	    "#unzoom, #search { cursor: pointer; }\n"
	    "</style>\n", fp);
	fputs(script, fp);
	fprintf(fp, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" "
	    "fill=\"rgb(250,250,238)\"/>\n", FG_WIDTH, height);
	fprintf(fp, "<text x=\"%d\" y=\"24\" text-anchor=\"middle\" "
	    "style=\"font-size:17px\">", FG_WIDTH / 2);
	xml(fp, title, strlen(title));
	fputs("</text>\n", fp);
	fprintf(fp, "<text id=\"unzoom\" x=\"%d\" y=\"24\" "
	    "style=\"opacity:0.1\">Reset Zoom</text>\n", FG_PAD);
	fprintf(fp, "<text id=\"search\" x=\"%d\" y=\"24\" "
	    "text-anchor=\"end\">Search</text>\n", FG_WIDTH - FG_PAD);
	fprintf(fp, "<text id=\"matched\" x=\"%d\" y=\"%d\" "
	    "text-anchor=\"end\"> </text>\n", FG_WIDTH - FG_PAD,
	    height - 12);
	fprintf(fp, "<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n",
	    FG_PAD, height - 12);
	/* parents before children: the order they were closed, reversed */
	for (k = ndone; k-- > 0;) {
		const fframe_t *f = &done[k];
		double fx = FG_PAD + (double)f->ff_start * scale;
		double fw = (double)f->ff_count * scale;
		int y = height - FG_BOTTOM - (f->ff_depth + 1) * FG_FRAMEH;
		int r, g, b;
		size_t fit = fw > 6 ? (size_t)((fw - 6) / 7) : 0;

		color(f->ff_name, f->ff_namelen, &r, &g, &b);
		fprintf(fp, "<g class=\"f\" id=\"f%d\" data-s=\"%lld\" "
		    "data-n=\"%lld\" data-d=\"%d\" data-name=\"", id++,
		    (long long)f->ff_start, (long long)f->ff_count,
		    f->ff_depth);
		xml(fp, f->ff_name, f->ff_namelen);
		fputs("\"><title>", fp);
		xml(fp, f->ff_name, f->ff_namelen);
		fprintf(fp, " (%lld sample%s, %.2f%%)</title>",
		    (long long)f->ff_count, f->ff_count == 1 ? "" : "s",
		    total > 0 ? 100.0 * (double)f->ff_count / (double)total :
		    0.0);
		fprintf(fp, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		    "height=\"%d\" rx=\"2\" fill=\"rgb(%d,%d,%d)\" "
		    "data-fill=\"rgb(%d,%d,%d)\"/>", fx, y, fw,
		    FG_FRAMEH - 1, r, g, b, r, g, b);
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\">", fx + 3,
		    y + FG_FRAMEH - 5);
		if (fit >= 3 && f->ff_namelen <= fit)
			xml(fp, f->ff_name, f->ff_namelen);
		else if (fit >= 3) {
			xml(fp, f->ff_name, fit - 2);
			fputs("..", fp);
		}
		fputs("</text></g>\n", fp);
	}
	fputs("</svg>\n", fp);
out:
	free(open);
	free(done);
}

int
dsl_flame_svg(dsl_rt_t *rt, FILE *fp)
{
	const dsl_prog_t *pg = rt->rt_pg;
	frow_t *rows = NULL;
	size_t n = 0, i;
	uint32_t a;
	char *buf;

	if ((buf = malloc(FOLDMAX)) == NULL)
		return -1;
	for (a = 0; a < pg->pg_naggs; a++) {
		dsl_htab_t *ht = &rt->rt_aggs[a].ag_ht;
		bool stacked = false;

		for (i = 0; i < ht->ht_nb; i++) {
			dsl_hent_t *he;

			for (he = ht->ht_b[i]; he != NULL; he = he->he_next) {
				const char *key = HE_KEY(ht, he);
				frow_t *nr;

				if (dsl_agg_stackkey(&pg->pg_aggs[a], key) < 0)
					continue;
				stacked = true;
				nr = realloc(rows, (n + 1) * sizeof(*nr));
				if (nr == NULL)
					break;
				rows = nr;
				dsl_print_fold_keys(rt, &pg->pg_aggs[a], key,
				    buf, FOLDMAX);
				rows[n].fr_stack = strdup(buf);
				rows[n].fr_count = dsl_agg_scalar(rt, a, he);
				if (rows[n].fr_stack != NULL)
					n++;
			}
		}
		if (stacked)
			break;
	}
	free(buf);
	svg(fp, rows, n, "Flame Graph");
	for (i = 0; i < n; i++)
		free(rows[i].fr_stack);
	free(rows);
	return ferror(fp) ? -1 : 0;
}
