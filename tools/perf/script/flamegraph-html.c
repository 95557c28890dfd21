// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph as one HTML file that needs nothing else: the frames
 * are inline SVG (root at the bottom, a frame as wide as its share of the
 * samples, callees stacked above callers), tooltips are SVG <title>s, and
 * a little inline script zooms into a clicked frame and highlights the
 * frames a search matches.  No URL is referenced, so it opens offline and
 * leaks nothing when shared.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "script/flamegraph-int.h"

#define FG_WIDTH	1200.0
#define FG_PAD		10.0
#define FG_FRAME_H	16
#define FG_TOP		40	/* title and buttons */
#define FG_MIN_WIDTH	0.1	/* px: narrower frames (and above) are left out */

struct fg_html {
	struct flamegraph		*fg;
	FILE				*fp;
	const struct flamegraph_opts	*opts;
	u64				total;
	size_t				depth;	/* levels drawn */
	size_t				height;
};

static void fg_html__escape(FILE *fp, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default:
			/* control characters are not allowed in XML */
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				fputc(*s, fp);
		}
	}
}

static u32 fg_name_hash(const char *s)
{
	u32 h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Colour by name, so one function has one colour everywhere. */
static void fg_html__color(const struct fg_html *h, const struct fg_node *node, u32 n,
			   char *buf, size_t size)
{
	u32 v = fg_name_hash(h->fg->names.str[node->name]);
	int r, g, b;

	if (n == 0 || node->parent == 0) {		/* all, processes */
		r = 190 + v % 20; g = r; b = r;
	} else if (node->kernel) {			/* kernel: orange either way */
		r = 230 + v % 25; g = 120 + v % 60; b = 40 + (v >> 8) % 30;
	} else if (h->opts->orange) {
		r = 225 + v % 30; g = 80 + (v >> 4) % 120; b = 30 + (v >> 8) % 40;
	} else {					/* blue-green */
		r = 40 + v % 50; g = 150 + (v >> 4) % 80; b = 150 + (v >> 8) % 90;
	}
	snprintf(buf, size, "rgb(%d,%d,%d)", r, g, b);
}

static void fg_html__frame(struct fg_html *h, u32 n, double x, size_t depth)
{
	const struct fg_node *node = &h->fg->nodes[n];
	const char *name = h->fg->names.str[node->name];
	double inner = FG_WIDTH - 2 * FG_PAD;
	double w = inner * node->total / h->total;
	double px = FG_PAD + inner * x / h->total;
	size_t y = h->height - FG_FRAME_H * (depth + 1), nr, i;
	u64 below = 0;
	char color[32];
	u32 *kids;

	if (w < FG_MIN_WIDTH)
		return;
	fg_html__color(h, node, n, color, sizeof(color));
	fprintf(h->fp, "<g class=\"f\" data-x=\"%.4f\" data-w=\"%.4f\" data-d=\"%zu\" data-n=\"",
		px, w, depth);
	fg_html__escape(h->fp, name);
	fputs("\"><title>", h->fp);
	fg_html__escape(h->fp, name);
	fprintf(h->fp, " (%llu samples, %.2f%%)</title><rect x=\"%.4f\" y=\"%zu\" width=\"%.4f\" "
		"height=\"%d\" fill=\"%s\"/><text x=\"%.4f\" y=\"%zu\"></text></g>\n",
		(unsigned long long)node->total, 100.0 * node->total / h->total, px, y, w,
		FG_FRAME_H - 1, color, px + 3, y + FG_FRAME_H - 4);
	kids = fg__children(h->fg, n, &nr);
	for (i = 0; i < nr; i++) {
		fg_html__frame(h, kids[i], x + below, depth + 1);
		below += h->fg->nodes[kids[i]].total;
	}
	free(kids);
}

static size_t fg_html__depth(const struct flamegraph *fg)
{
	size_t max = 0, d;
	u32 n, m;

	for (n = 0; n < fg->nr_nodes; n++) {
		for (d = 1, m = n; m; m = fg->nodes[m].parent)
			d++;
		if (d > max)
			max = d;
	}
	return max;
}

/*
 * The script: labels fitted to the frames' widths, click to zoom (the
 * clicked frame fills the width, its ancestors stay full width and fade,
 * other frames hide), search by regular expression, reset.
 */
static const char fg_script[] =
"var svg = document.getElementById('fg'), frames = svg.querySelectorAll('g.f');\n"
"var W = 1200, PAD = 10, zoomed = null;\n"
"function num(g, k) { return parseFloat(g.getAttribute('data-' + k)); }\n"
"function label(g) {\n"
"  var r = g.querySelector('rect'), t = g.querySelector('text');\n"
"  var w = parseFloat(r.getAttribute('width')), name = g.getAttribute('data-n');\n"
"  var fit = Math.floor((w - 6) / 7);\n"
"  t.setAttribute('x', parseFloat(r.getAttribute('x')) + 3);\n"
"  t.textContent = fit < 3 ? '' : (name.length <= fit ? name : name.substr(0, fit - 2) + '..');\n"
"}\n"
"function place(g, x, w, show, faded) {\n"
"  var r = g.querySelector('rect');\n"
"  r.setAttribute('x', x); r.setAttribute('width', w);\n"
"  g.style.display = show ? '' : 'none'; g.style.opacity = faded ? 0.5 : 1;\n"
"  label(g);\n"
"}\n"
"function zoom(z) {\n"
"  zoomed = z;\n"
"  var zx = z ? num(z, 'x') : PAD, zw = z ? num(z, 'w') : W - 2 * PAD, zd = z ? num(z, 'd') : 0;\n"
"  var scale = (W - 2 * PAD) / zw;\n"
"  for (var i = 0; i < frames.length; i++) {\n"
"    var g = frames[i], x = num(g, 'x'), w = num(g, 'w'), d = num(g, 'd');\n"
"    var inside = x >= zx - 1e-6 && x + w <= zx + zw + 1e-6;\n"
"    var ancestor = d < zd && x <= zx + 1e-6 && x + w >= zx + zw - 1e-6;\n"
"    if (d >= zd && inside)\n"
"      place(g, PAD + (x - zx) * scale, w * scale, w * scale >= 0.1, false);\n"
"    else if (ancestor)\n"
"      place(g, PAD, W - 2 * PAD, true, true);\n"
"    else\n"
"      place(g, x, w, false, false);\n"
"  }\n"
"  document.getElementById('reset').style.opacity = z ? 1 : 0.3;\n"
"}\n"
"function search() {\n"
"  var re = prompt('Search (regular expression)', '');\n"
"  var matched = 0, total = 0, seen = [];\n"
"  if (re === null) return;\n"
"  try { re = re ? new RegExp(re) : null; } catch (e) { alert(e); return; }\n"
"  for (var i = 0; i < frames.length; i++) {\n"
"    var g = frames[i], r = g.querySelector('rect'), hit = re && re.test(g.getAttribute('data-n'));\n"
"    if (!r.getAttribute('data-fill')) r.setAttribute('data-fill', r.getAttribute('fill'));\n"
"    r.setAttribute('fill', hit ? 'rgb(230,0,230)' : r.getAttribute('data-fill'));\n"
"    if (num(g, 'd') == 0) total = num(g, 'w');\n"
"    if (!hit) continue;\n"
"    var x = num(g, 'x'), w = num(g, 'w'), covered = false;\n"
"    for (var j = 0; j < seen.length; j++)\n"
"      if (x >= seen[j][0] - 1e-6 && x + w <= seen[j][1] + 1e-6) covered = true;\n"
"    if (!covered) { seen.push([x, x + w]); matched += w; }\n"
"  }\n"
"  document.getElementById('matched').textContent =\n"
"    re ? 'Matched: ' + (100 * matched / total).toFixed(2) + '%' : '';\n"
"}\n"
"for (var i = 0; i < frames.length; i++) {\n"
"  label(frames[i]);\n"
"  frames[i].addEventListener('click', function (e) { zoom(this); e.stopPropagation(); });\n"
"}\n"
"document.getElementById('reset').addEventListener('click', function () { zoom(null); });\n"
"document.getElementById('search').addEventListener('click', search);\n"
"document.addEventListener('keydown', function (e) {\n"
"  if ((e.ctrlKey && e.key == 'f') || e.key == '/') { e.preventDefault(); search(); }\n"
"  if (e.key == 'Escape') zoom(null);\n"
"});\n";

int flamegraph__write_html(struct flamegraph *fg, FILE *fp, const struct flamegraph_opts *opts)
{
	struct fg_html h = { .fg = fg, .fp = fp, .opts = opts };
	const char *title = opts->title ? opts->title : "Flame Graph";

	fg__sum(fg);
	h.total = fg->nodes[0].total;
	h.depth = fg_html__depth(fg);
	h.height = FG_TOP + FG_FRAME_H * h.depth + 10;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>",
	      fp);
	fg_html__escape(fp, title);
	fputs("</title>\n<style>\n"
	      "body { margin: 0; padding: 10px; background: #fff; font-family: sans-serif; }\n"
	      "svg text { font-family: monospace; font-size: 12px; pointer-events: none; }\n"
	      "g.f { cursor: pointer; }\n"
	      "g.f:hover rect { stroke: #000; stroke-width: 0.5; }\n"
	      ".btn { cursor: pointer; font-size: 12px; }\n"
	      "</style>\n</head>\n<body>\n", fp);
	fprintf(fp, "<svg id=\"fg\" width=\"%d\" "
		"height=\"%zu\" viewBox=\"0 0 %d %zu\">\n", (int)FG_WIDTH, h.height,
		(int)FG_WIDTH, h.height);
	fprintf(fp, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"16\">",
		(int)FG_WIDTH / 2);
	fg_html__escape(fp, title);
	fputs("</text>\n", fp);
	if (opts->subtitle) {
		fprintf(fp, "<text x=\"%d\" y=\"34\" text-anchor=\"middle\" font-size=\"11\">",
			(int)FG_WIDTH / 2);
		fg_html__escape(fp, opts->subtitle);
		fputs("</text>\n", fp);
	}
	fputs("<text id=\"reset\" class=\"btn\" x=\"10\" y=\"20\" opacity=\"0.3\">Reset Zoom</text>\n"
	      "<text id=\"search\" class=\"btn\" x=\"1130\" y=\"20\">Search</text>\n"
	      "<text id=\"matched\" x=\"1100\" y=\"34\" text-anchor=\"end\" font-size=\"11\"></text>\n",
	      fp);
	if (h.total)
		fg_html__frame(&h, 0, 0, 0);
	fputs("</svg>\n<script>\n//<![CDATA[\n", fp);
	fputs(fg_script, fp);
	fputs("//]]>\n</script>\n</body>\n</html>\n", fp);
	return ferror(fp) ? -EIO : 0;
}
