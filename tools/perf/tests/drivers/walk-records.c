// SPDX-License-Identifier: GPL-2.0
/*
 * Bench driver: the floor of any reader of a perf.data file.  Maps the
 * data section and steps over its record headers, touching nothing else,
 * as fast as the page cache allows; bench/report prints it beside the
 * reports so that their times read as multiples of the walk.
 *
 *   walk-records FILE     "<records> records, <samples> samples, <bytes> bytes"
 *
 * Exit 0, 1 when the file cannot be read or a header is damaged (said on
 * stderr), 129 on usage errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The file header's fixed part: magic, sizes, then attrs and data sections. */
struct walk_header {
	char		magic[8];
	uint64_t	size, attr_size;
	uint64_t	attrs_offset, attrs_size;
	uint64_t	data_offset, data_size;
};

struct walk_record {
	uint32_t	type;
	uint16_t	misc, size;
};

#define WALK_SAMPLE	9

int main(int argc, char **argv)
{
	unsigned long long records = 0, samples = 0;
	struct walk_header h;
	const unsigned char *p;
	struct stat st;
	uint64_t off = 0;
	int fd, ret = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: walk-records FILE\n");
		return 129;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || fstat(fd, &st) || pread(fd, &h, sizeof(h), 0) != sizeof(h) ||
	    memcmp(h.magic, "PERFILE2", 8)) {
		fprintf(stderr, "walk-records: %s: not a perf.data file in file mode\n", argv[1]);
		return 1;
	}
	if (h.data_offset > (uint64_t)st.st_size ||
	    h.data_size > (uint64_t)st.st_size - h.data_offset) {
		fprintf(stderr, "walk-records: %s: data section past the end of the file\n",
			argv[1]);
		return 1;
	}
	if (!h.data_size)
		goto out;
	/* the whole file mapped at once, read ahead: the cheapest way through it */
	p = mmap(NULL, h.data_offset + h.data_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "walk-records: %s: mmap: %s\n", argv[1], strerror(errno));
		return 1;
	}
	p += h.data_offset;
	while (off + sizeof(struct walk_record) <= h.data_size) {
		const struct walk_record *r = (const void *)(p + off);

		if (r->size < sizeof(*r) || r->size > h.data_size - off) {
			fprintf(stderr, "walk-records: %s: damaged record header at data offset %llu\n",
				argv[1], (unsigned long long)off);
			ret = 1;
			break;
		}
		records++;
		samples += r->type == WALK_SAMPLE;
		off += r->size;
	}
out:
	printf("%llu records, %llu samples, %llu bytes\n", records, samples,
	       (unsigned long long)off);
	close(fd);
	return ret;
}
