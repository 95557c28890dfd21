// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the pprof encoder's round trip and its decoder on
 * hostile bytes (data/pprof-profile.h).
 *
 *  1. The input as a profile (gzipped or not): the decoder must refuse
 *     it or accept it with every reference valid; an accepted profile,
 *     encoded again and decoded, must be equal to itself.
 *  2. The input as a script of builder calls (strings, mappings,
 *     locations with lines, samples with labels): the profile built,
 *     encoded and decoded must be equal to the one built.
 *
 *   build/fuzz/fuzz-pprof tools/perf/tests/fuzz/corpus/pprof/
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "data/pprof-profile.h"

/*
 * Decompressed: a fuzz input stays small.  1 MiB reaches every decoder
 * path; 16 MiB made single units of 600 MB and seconds under ASan, which a
 * loaded CI machine turns into an out-of-memory or a timeout.
 */
#define FUZZ_MAX_LEN	(1 << 20)

static void round_trip(const struct pprof_profile *p)
{
	struct pprof_profile q;
	size_t len;
	u8 *data;

	if (pprof_profile__encode(p, &data, &len))
		return;		/* ENOMEM */
	if (pprof_profile__init(&q))
		goto out;
	if (pprof_profile__decode(&q, data, len, 0) || !pprof_profile__equal(p, &q))
		__builtin_trap();
	pprof_profile__exit(&q);
out:
	free(data);
}

static void decode_input(const uint8_t *data, size_t len)
{
	struct pprof_profile p;

	if (pprof_profile__init(&p))
		return;
	if (!pprof_profile__decode(&p, data, len, FUZZ_MAX_LEN))
		round_trip(&p);
	pprof_profile__exit(&p);
}

struct script {
	const uint8_t *p, *end;
};

static u64 next(struct script *s, unsigned int bytes)
{
	u64 v = 0;

	while (bytes-- && s->p < s->end)
		v = v << 8 | *s->p++;
	return v;
}

static void build_input(const uint8_t *data, size_t len)
{
	struct script s = { data, data + len };
	struct pprof_profile p;
	u64 locs[8], fid, lid;
	struct pprof_label labels[2];
	s64 values[3];
	char str[8];
	size_t i, n;
	bool added;

	if (pprof_profile__init(&p))
		return;
	n = next(&s, 1) % 4;
	for (i = 0; i < n; i++) {
		snprintf(str, sizeof(str), "t%u", (unsigned int)next(&s, 1));
		if (pprof_profile__add_type(&p, str, "count"))
			goto out;
	}
	while (s.p < s.end) {
		switch (next(&s, 1) % 5) {
		case 0: {
			struct pprof_mapping m = { .start = next(&s, 4), .limit = next(&s, 4),
						   .offset = next(&s, 2) };

			m.filename = pprof_profile__string(&p, "/bin/x");
			m.has_functions = next(&s, 1) & 1;
			if (m.filename < 0 || pprof_profile__add_mapping(&p, &m))
				goto out;
			break;
		}
		case 1:
			/* a location in an existing mapping (or none), with a line */
			if (pprof_profile__location(&p, next(&s, 1) % (p.nr_mappings + 1),
						    next(&s, 8), &lid, &added))
				goto out;
			snprintf(str, sizeof(str), "f%u", (unsigned int)next(&s, 1) % 16);
			if (added && next(&s, 1) & 1 &&
			    (pprof_profile__function(&p, pprof_profile__string(&p, str), 0, 0,
						     &fid) ||
			     pprof_profile__add_line(&p, lid, fid, (s64)next(&s, 2))))
				goto out;
			break;
		case 2:
			if (!p.nr_locations)
				break;
			n = next(&s, 1) % 8;
			for (i = 0; i < n; i++)
				locs[i] = 1 + next(&s, 1) % p.nr_locations;
			memset(labels, 0, sizeof(labels));
			labels[0].key = pprof_profile__string(&p, "pid");
			labels[0].num = (s64)next(&s, 8);	/* negative too */
			for (i = 0; i < 3; i++)
				values[i] = (s64)next(&s, 8);
			if (pprof_profile__add_sample(&p, locs, n, labels, 1 + next(&s, 1) % 2,
						      values))
				goto out;
			break;
		case 3:
			snprintf(str, sizeof(str), "s%u", (unsigned int)next(&s, 1));
			if (pprof_profile__string(&p, str) < 0)
				goto out;
			break;
		default:
			p.period = (s64)next(&s, 8);
			p.duration_nanos = (s64)next(&s, 8);
			break;
		}
	}
	round_trip(&p);
out:
	pprof_profile__exit(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	decode_input(data, len);
	build_input(data, len);
	return 0;
}
