#!/bin/bash
test_description='lib/buildid.c builds as Linux 6.1 kernel code

The very same file goes into the kernel patch series: compile it with the
flags kbuild used for the 6.1 tree'\''s own lib/buildid.o (from its .cmd
file), plus -Wextra -Werror, against our <linux/buildid.h>.  Skipped when
the kernel tree has not been built (t8000, which runs just before, builds it with
scripts/kernel-test).'

. "$(dirname "$0")/lib/test-lib.sh"

KTREE="$MMAP3_TOP/build/kernel/linux-source-6.1"
test -f "$KTREE/lib/.buildid.o.cmd" && test -f "$KTREE/include/generated/autoconf.h" &&
	test_set_prereq KERNEL_TREE

test_expect_success KERNEL_TREE 'compiles with the kernel flags, no warnings' '
	# kbuild command lines do not quote: a directory without spaces
	k=$(mktemp -d /tmp/t8001.XXXXXX) &&
	test_when_finished "rm -rf $k" &&
	mkdir -p $k/linux &&
	cp "$MMAP3_TOP/include/linux/buildid.h" $k/linux/ &&
	sed -n "1s/^cmd_lib\/buildid.o := //p" "$KTREE/lib/.buildid.o.cmd" |
		sed -e "s/;.*//" -e "s/-Wp,-MMD,[^ ]*//" -e "s/^ccache //" \
		    -e "s|-nostdinc|-nostdinc -I$k|" \
		    -e "s|-c -o lib/buildid.o lib/buildid.c|-c -o $k/buildid.o $MMAP3_TOP/lib/buildid.c|" \
		    >cmd &&
	grep -q "$MMAP3_TOP/lib/buildid.c" cmd &&
	(cd "$KTREE" && eval "$(cat "$OLDPWD/cmd") -Wextra -Wno-type-limits \
		-Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers \
		-Werror") 2>err &&
	test_must_be_empty err &&
	nm $k/buildid.o >syms
'

test_expect_success KERNEL_TREE 'exports the parser, uses nothing outside string functions' '
	cat >expect <<-EOF &&
	T build_id_parse_buf
	T build_id_parse_mem
	T build_id_parse_notes
	T build_id_parse_reader
	EOF
	awk "\$1 == \"U\" || \$2 == \"T\" { print (\$1 == \"U\" ? \"U \" \$2 : \"T \" \$3) }" syms |
		grep -v -e "^U memcpy$" -e "^U memcmp$" -e "^U memset$" -e "^U __fentry__$" \
			-e "^U __x86_return_thunk$" -e "^U __x86_indirect_thunk" | sort >actual &&
	test_cmp expect actual
'

test_done
