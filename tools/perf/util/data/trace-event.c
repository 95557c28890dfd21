// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing data into a libtraceevent handle (layout in record/tracing-data.h).
 * A cursor walks the bytes; every read checks what is left first.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <byteswap.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <stdint.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>
#include "util/data/trace-event.h"

#define TRACING_MAGIC	"\027\010\104tracing"

/*
 * libtraceevent 1.7 leaks a few bytes on a format it fails to parse (its
 * error paths, not ours): LeakSanitizer, in the sanitized perf and the
 * fuzz target, is told so, only for stacks through tep_parse_event.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:tep_parse_event\n";
}

struct td_cursor {
	const char *p;
	u64 left;
	bool swap;		/* the file's byte order is not ours */
	const char *what;	/* what was being read when it failed */
	bool has_cmdlines;	/* version 0.6 and later */
};

static bool td__take(struct td_cursor *c, void *dst, u64 n)
{
	if (c->left < n)
		return false;
	if (dst)
		memcpy(dst, c->p, n);
	c->p += n;
	c->left -= n;
	return true;
}

static bool td__u32(struct td_cursor *c, u32 *v)
{
	if (!td__take(c, v, 4))
		return false;
	if (c->swap)
		*v = bswap_32(*v);
	return true;
}

static bool td__u64(struct td_cursor *c, u64 *v)
{
	if (!td__take(c, v, 8))
		return false;
	if (c->swap)
		*v = bswap_64(*v);
	return true;
}

/* A NUL-terminated string inside what is left: its start, or NULL. */
static const char *td__string(struct td_cursor *c)
{
	const char *s = c->p, *nul = memchr(c->p, '\0', c->left);

	if (!nul)
		return NULL;
	td__take(c, NULL, (u64)(nul - s) + 1);
	return s;
}

/*
 * @size bytes as a NUL-terminated copy (libtraceevent's text parsers want
 * a C string, and the file's bytes are not terminated).  NULL: too short
 * (c->what set) or no memory (c->what NULL).
 */
static char *td__blob(struct td_cursor *c, u64 size, const char *what)
{
	char *buf;

	if (size > c->left) {
		c->what = what;
		return NULL;
	}
	buf = malloc(size + 1);
	if (!buf) {
		c->what = NULL;
		return NULL;
	}
	memcpy(buf, c->p, size);
	buf[size] = '\0';
	td__take(c, NULL, size);
	return buf;
}

/* u64 size then a format file, parsed into @sys; one that fails spoils the section. */
static int td__format(struct td_cursor *c, struct tep_handle *tep, const char *sys)
{
	u64 size;
	char *buf;
	int ret;

	c->what = "truncated event format size";
	if (!td__u64(c, &size))
		return -EINVAL;
	buf = td__blob(c, size, "truncated event format");
	if (!buf)
		return c->what ? -EINVAL : -ENOMEM;
	/* as upstream: a format the library cannot parse spoils the section */
	ret = tep ? tep_parse_event(tep, buf, size, sys) : 0;
	free(buf);
	c->what = "bad event format";
	return ret ? -EINVAL : 0;
}

static int td__header(struct td_cursor *c, struct tep_handle *tep)
{
	char magic[10], *buf;
	const char *version;
	u8 big_endian, long_size;
	u32 page_size;
	u64 size;
	int ret;

	c->what = "bad magic";
	if (!td__take(c, magic, sizeof(magic)) || memcmp(magic, TRACING_MAGIC, sizeof(magic)))
		return -EINVAL;
	c->what = "bad version";
	version = td__string(c);
	if (!version)
		return -EINVAL;
	/* as upstream: 0.6 added saved_cmdlines; the number is not checked otherwise */
	c->has_cmdlines = strtod(version, NULL) >= 0.6;
	c->what = "truncated header";
	if (!td__take(c, &big_endian, 1) || !td__take(c, &long_size, 1))
		return -EINVAL;
	c->swap = (big_endian != 0) != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	if (!td__u32(c, &page_size))
		return -EINVAL;
	c->what = "bad long size";
	if (long_size != 4 && long_size != 8)
		return -EINVAL;
	if (tep) {
		tep_set_file_bigendian(tep, big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
		tep_set_local_bigendian(tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
					TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
		tep_set_long_size(tep, long_size);
		tep_set_page_size(tep, (int)page_size);
	}

	c->what = "no header_page";
	if (c->left < 12 || memcmp(c->p, "header_page", 12))
		return -EINVAL;
	td__take(c, NULL, 12);
	if (!td__u64(c, &size))
		return -EINVAL;
	buf = td__blob(c, size, "truncated header_page");
	if (!buf)
		return c->what ? -EINVAL : -ENOMEM;
	ret = tep ? tep_parse_header_page(tep, buf, size, long_size) : 0;
	free(buf);
	c->what = "bad header_page";
	if (ret < 0)
		return -EINVAL;

	/* header_event: the ring buffer's own record header, not needed to print */
	c->what = "no header_event";
	if (c->left < 13 || memcmp(c->p, "header_event", 13))
		return -EINVAL;
	td__take(c, NULL, 13);
	if (!td__u64(c, &size) || !td__take(c, NULL, size))
		return -EINVAL;
	return 0;
}

static int td__events(struct td_cursor *c, struct tep_handle *tep)
{
	u32 nr, nr_sys, i, j;
	const char *sys;
	int ret;

	c->what = "truncated ftrace formats";
	if (!td__u32(c, &nr))
		return -EINVAL;
	for (i = 0; i < nr; i++) {
		ret = td__format(c, tep, "ftrace");
		if (ret)
			return ret;
	}
	c->what = "truncated event systems";
	if (!td__u32(c, &nr_sys))
		return -EINVAL;
	for (i = 0; i < nr_sys; i++) {
		c->what = "truncated system name";
		sys = td__string(c);
		if (!sys || !td__u32(c, &nr))
			return -EINVAL;
		for (j = 0; j < nr; j++) {
			ret = td__format(c, tep, sys);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * printk formats, "ADDR : FMT" a line, registered one by one: the
 * library's own parser (tep_parse_printk_formats) reads past a line with
 * nothing after its colon, and tep_register_print_string() looks two
 * bytes before a format's end, so lines too short to be one are skipped.
 */
static void td__printk(struct tep_handle *tep, char *buf)
{
	char *line, *next = NULL, *colon, *fmt;
	unsigned long long addr;

	for (line = strtok_r(buf, "\n", &next); line; line = strtok_r(NULL, "\n", &next)) {
		colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		addr = strtoull(line, NULL, 16);
		fmt = colon + 1;
		if (*fmt == ' ')
			fmt++;
		/* it drops a leading quote, then looks at the last 3 bytes */
		if (strlen(fmt + (*fmt == '"')) < 3)
			continue;
		tep_register_print_string(tep, fmt, addr);
	}
}

/* kallsyms (u32 size), printk formats (u32), saved_cmdlines (u64). */
static int td__tables(struct td_cursor *c, struct tep_handle *tep)
{
	u32 size32;
	u64 size;
	char *buf;

	c->what = "truncated kallsyms";
	if (!td__u32(c, &size32))
		return -EINVAL;
	buf = td__blob(c, size32, "truncated kallsyms");
	if (!buf)
		return c->what ? -EINVAL : -ENOMEM;
	if (size32 && tep)
		tep_parse_kallsyms(tep, buf);
	free(buf);

	c->what = "truncated printk formats";
	if (!td__u32(c, &size32))
		return -EINVAL;
	buf = td__blob(c, size32, "truncated printk formats");
	if (!buf)
		return c->what ? -EINVAL : -ENOMEM;
	if (tep)
		td__printk(tep, buf);
	free(buf);

	if (!c->has_cmdlines)
		return 0;
	c->what = "truncated saved_cmdlines";
	if (!td__u64(c, &size))
		return -EINVAL;
	buf = td__blob(c, size, "truncated saved_cmdlines");
	if (!buf)
		return c->what ? -EINVAL : -ENOMEM;
	if (size && tep)
		tep_parse_saved_cmdlines(tep, buf);
	free(buf);
	return 0;
}

/* Walk the section, into @tep (NULL: only check its layout).  0 or -errno. */
static int td__walk(struct tep_handle *tep, const void *buf, u64 size, const char **what)
{
	struct td_cursor c = { .p = buf, .left = size };
	int ret;

	ret = td__header(&c, tep);
	if (!ret)
		ret = td__events(&c, tep);
	if (!ret)
		ret = td__tables(&c, tep);
	if (ret)
		*what = c.what ? c.what : "out of memory";
	return ret;
}

/* libFuzzer's hook, when linked in: a trial's crash must not count as the target's */
void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/*
 * libtraceevent's print fmt parser dereferences NULL on some malformed
 * formats (1.7; found by fuzz-tracing-data), and a hostile file must not
 * crash perf: the library parses the section once in a child first, and
 * the section is used only if the child came through.  One fork per file.
 */
static int td__trial(const void *buf, u64 size, const char **what)
{
	int status, fd, sig;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return 0;	/* no trial possible: trust the layout check */
	if (!pid) {
		struct tep_handle *tep;
		const char *dummy;

		/* die quietly: no sanitizer report, no fuzzer artifact */
		if (__sanitizer_set_death_callback)
			__sanitizer_set_death_callback(NULL);
		for (sig = 1; sig < 32; sig++)
			if (sig != SIGKILL && sig != SIGSTOP)
				signal(sig, SIG_DFL);
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0)
			dup2(fd, STDERR_FILENO);
		tep = tep_alloc();
		_exit(tep && !td__walk(tep, buf, size, &dummy) ? 0 : 1);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	*what = "libtraceevent cannot parse it";
	return -EINVAL;
}

int trace_event__parse(struct trace_event *te, const void *buf, u64 size, const char **what)
{
	int ret;

	te->tep = NULL;
	te->scratch = NULL;
	/* the library's own messages (several lines per bad format) say no more than ours */
	tep_set_loglevel(TEP_LOG_NONE);
	ret = td__walk(NULL, buf, size, what);
	if (!ret)
		ret = td__trial(buf, size, what);
	if (ret)
		return ret;
	te->tep = tep_alloc();
	if (!te->tep)
		return -ENOMEM;
	ret = td__walk(te->tep, buf, size, what);
	if (ret) {
		tep_free(te->tep);
		te->tep = NULL;
	}
	return ret;
}

void trace_event__exit(struct trace_event *te)
{
	if (te->tep)
		tep_free(te->tep);
	te->tep = NULL;
	free(te->scratch);
	te->scratch = NULL;
}

struct tep_event *trace_event__find(const struct trace_event *te, u64 id)
{
	if (!te->tep || id > INT32_MAX)
		return NULL;
	return tep_find_event(te->tep, (int)id);
}

/*
 * The library reads fixed fields at their offsets without checking the
 * record's size: a short raw buffer (a damaged file) must not reach it.
 */
static bool trace_event__raw_fits(const struct tep_event *event, u32 raw_size)
{
	const struct tep_format_field *f;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		f = pass ? event->format.fields : event->format.common_fields;
		for (; f; f = f->next)
			if (f->offset < 0 || f->size < 0 ||
			    (u64)f->offset + (u64)f->size > raw_size)
				return false;
	}
	return true;
}

int trace_event__format(struct trace_event *te, struct tep_event *event, int cpu,
			const void *raw, u32 raw_size,
			void (*write)(void *ctx, const char *s, size_t len), void *ctx)
{
	struct tep_record record = { .cpu = cpu, .size = (int)raw_size };
	struct trace_seq s;
	int ret = 0;

	if (raw_size > TRACE_EVENT_RAW_MAX || !trace_event__raw_fits(event, raw_size))
		return 0;
	/*
	 * Nor does it check a dynamic field's offset and length (16 bits
	 * each, from the record) or that a string ends: the record is
	 * printed from a copy followed by zeros as far as those can reach.
	 */
	if (!te->scratch) {
		te->scratch = calloc(1, TRACE_EVENT_SCRATCH);
		if (!te->scratch)
			return -ENOMEM;
	}
	memcpy(te->scratch, raw, raw_size);
	record.data = te->scratch;
	trace_seq_init(&s);
	tep_print_event(event->tep, &s, &record, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	if (s.state == TRACE_SEQ__MEM_ALLOC_FAILED)
		ret = -ENOMEM;
	else
		write(ctx, s.buffer, s.len);
	trace_seq_destroy(&s);
	memset(te->scratch, 0, raw_size);
	return ret;
}
