// SPDX-License-Identifier: GPL-2.0
/* Forward-mode ring buffer consumer for perf record. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "record/ring-buffer.h"

/* A record is at most 64 KiB (header.size is a u16). */
#define BOUNCE_SIZE	65536

static int perf_mmap__map(struct perf_mmap *map, int fd, int cpu, size_t data_pages,
			  bool overwrite)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	memset(map, 0, sizeof(*map));
	map->fd = -1;
	if (!data_pages || (data_pages & (data_pages - 1)))
		return -EINVAL;
	map->bounce = malloc(BOUNCE_SIZE);
	if (!map->bounce)
		return -ENOMEM;
	map->len = (data_pages + 1) * page;
	/* One offset per 8 bytes at most: records are 8-aligned, 8 or more. */
	if (overwrite) {
		map->offs = malloc(data_pages * page / 8 * sizeof(*map->offs));
		if (!map->offs) {
			perf_mmap__close(map);
			return -ENOMEM;
		}
	}
	/*
	 * Forward: writable, we own data_tail.  Overwrite: read-only is
	 * what tells the kernel not to wait for a tail.
	 */
	map->base = mmap(NULL, map->len, overwrite ? PROT_READ : PROT_READ | PROT_WRITE,
			 MAP_SHARED, fd, 0);
	if (map->base == MAP_FAILED) {
		int err = -errno;

		map->base = NULL;
		perf_mmap__close(map);
		return err;
	}
	map->overwrite = overwrite;
	map->mask = data_pages * page - 1;
	map->fd = fd;
	map->cpu = cpu;
	return 0;
}

int perf_mmap__open(struct perf_mmap *map, int fd, int cpu, size_t data_pages)
{
	return perf_mmap__map(map, fd, cpu, data_pages, false);
}

int perf_mmap__open_overwrite(struct perf_mmap *map, int fd, int cpu, size_t data_pages)
{
	return perf_mmap__map(map, fd, cpu, data_pages, true);
}

void perf_mmap__close(struct perf_mmap *map)
{
	if (map->base)
		munmap(map->base, map->len);
	free(map->bounce);
	free(map->offs);
	map->base = NULL;
	map->bounce = NULL;
	map->offs = NULL;
}

static inline struct perf_event_mmap_page *perf_mmap__pc(struct perf_mmap *map)
{
	return map->base;
}

static inline unsigned char *perf_mmap__data(struct perf_mmap *map)
{
	return (unsigned char *)map->base + perf_mmap__pc(map)->data_offset;
}

/* Write the ring bytes [from, to) (absolute positions), split at the wrap. */
static int perf_mmap__write_range(struct perf_mmap *map, const struct perf_mmap_ops *ops,
				  void *priv, u64 from, u64 to)
{
	unsigned char *data = perf_mmap__data(map);
	u64 size = map->mask + 1, off = from & map->mask;
	int ret;

	if (from == to)
		return 0;
	if (off + (to - from) <= size)
		return ops->write(priv, data + off, to - from);
	ret = ops->write(priv, data + off, size - off);
	if (!ret)
		ret = ops->write(priv, data, (to - from) - (size - off));
	return ret;
}

ssize_t perf_mmap__read(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv)
{
	struct perf_event_mmap_page *pc = perf_mmap__pc(map);
	unsigned char *data;
	u64 head, pos, chunk, size = map->mask + 1;
	int ret = 0, wret;

	if (!map->base)
		return 0;
	/* Pairs with the kernel's store of data_head after the records. */
	head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
	pos = chunk = map->prev;
	if (head == pos)
		return 0;
	if (head - pos > size) {
		/* Cannot happen in forward mode; never read garbage. */
		ret = -EINVAL;
		goto out_consume;
	}
	data = perf_mmap__data(map);
	while (pos < head) {
		u64 off = pos & map->mask;
		struct perf_event_header *hdr = (void *)(data + off);
		struct perf_event_header fix;
		const union perf_event *ev;
		u16 rsize = hdr->size;
		int r;

		/* Headers are 8-aligned and never wrap; bodies may. */
		if (rsize < sizeof(*hdr) || (rsize & 7) || rsize > head - pos) {
			ret = -EINVAL;	/* write what was good, drop the rest */
			break;
		}
		if (off + rsize > size) {
			u64 first = size - off;

			memcpy(map->bounce, data + off, first);
			memcpy(map->bounce + first, data, rsize - first);
			ev = (const void *)map->bounce;
		} else {
			ev = (const void *)hdr;
		}
		r = ops->record ? ops->record(priv, ev, &fix) : 0;
		if (r < 0)
			return r;
		if (r > 0) {
			/*
			 * The data pages are read-only to us (a write faults):
			 * flush up to here, then the record with its new header.
			 */
			wret = perf_mmap__write_range(map, ops, priv, chunk, pos);
			if (!wret)
				wret = ops->write(priv, &fix, sizeof(fix));
			if (!wret)
				wret = perf_mmap__write_range(map, ops, priv, pos + sizeof(fix),
							      pos + rsize);
			if (wret)
				return wret;
			chunk = pos + rsize;
		}
		pos += rsize;
	}
	wret = perf_mmap__write_range(map, ops, priv, chunk, pos);
	if (wret)
		return wret;
out_consume:
	/* Orders our reads of the records before handing the space back. */
	__atomic_store_n(&pc->data_tail, head, __ATOMIC_RELEASE);
	pos = head - map->prev;
	map->prev = head;
	return ret ? ret : (ssize_t)pos;
}

/* Hand out the record at ring position @pos (it may wrap): inspect, write. */
static int perf_mmap__emit_one(struct perf_mmap *map, const struct perf_mmap_ops *ops,
			       void *priv, u64 pos, u16 rsize)
{
	unsigned char *data = perf_mmap__data(map);
	u64 size = map->mask + 1, off = pos & map->mask;
	struct perf_event_header fix;
	const union perf_event *ev;
	int r;

	if (off + rsize > size) {
		memcpy(map->bounce, data + off, size - off);
		memcpy(map->bounce + (size - off), data, rsize - (size - off));
		ev = (const void *)map->bounce;
	} else {
		ev = (const void *)(data + off);
	}
	r = ops->record ? ops->record(priv, ev, &fix) : 0;
	if (r < 0)
		return r;
	if (r == 0)
		return ops->write(priv, ev, rsize);
	r = ops->write(priv, &fix, sizeof(fix));
	return r ? r : ops->write(priv, (const char *)ev + sizeof(fix), rsize - sizeof(fix));
}

/*
 * A backward buffer's head moves down: the newest record starts at head,
 * older ones follow it up to where the last read began (map->prev), or
 * to one buffer's length when the kernel wrapped over older data.
 */
ssize_t perf_mmap__read_backward(struct perf_mmap *map, const struct perf_mmap_ops *ops,
				 void *priv)
{
	struct perf_event_mmap_page *pc;
	unsigned char *data;
	u64 head, avail, pos = 0, size = map->mask + 1;
	size_t n = 0;
	int ret = 0;

	if (!map->base || !map->offs)
		return 0;
	pc = perf_mmap__pc(map);
	head = __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
	avail = map->prev - head;
	if (!avail)
		return 0;
	if (avail > size)
		avail = size;	/* wrapped: the oldest record may be torn */
	data = perf_mmap__data(map);
	/* Newest first: headers never wrap (8-aligned), so read them in place. */
	while (pos + sizeof(struct perf_event_header) <= avail) {
		const struct perf_event_header *hdr = (void *)(data + ((head + pos) & map->mask));
		u16 rsize = hdr->size;

		if (!rsize)
			break;		/* never written: the buffer did not fill */
		if (rsize < sizeof(*hdr) || (rsize & 7)) {
			ret = -EINVAL;
			break;
		}
		if (pos + rsize > avail)
			break;		/* partly overwritten by a newer record */
		map->offs[n++] = (u32)pos;
		pos += rsize;
	}
	map->prev = head;
	while (n--) {
		const struct perf_event_header *hdr =
			(void *)(data + ((head + map->offs[n]) & map->mask));
		int r = perf_mmap__emit_one(map, ops, priv, head + map->offs[n], hdr->size);

		if (r)
			return r;
	}
	return ret ? ret : (ssize_t)pos;
}
