# webtools: one non-recursive Makefile over config.mk (see ./configure).

include config.mk

VERSION = 0.1.0
B ?= build
BIN ?= bin
PROGS = $(sort $(basename $(notdir $(wildcard bin/*.c))))

WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 \
	-Wmissing-prototypes -Wstrict-prototypes -Wwrite-strings -Wvla \
	-Wno-unused-parameter
HARDEN = -D_FORTIFY_SOURCE=2 -fstack-protector-strong
WERROR ?= -Werror
ALL_CFLAGS = $(WARN) $(WERROR) $(HARDEN) -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 \
	-D_DEFAULT_SOURCE -DWEBTOOLS_VERSION='"$(VERSION)"' -Ilib \
	$(DEP_CFLAGS) $(CFLAGS)

LIB_SRC = $(wildcard lib/*.c lib/provider/*.c)
LIB_OBJ = $(LIB_SRC:%.c=$(B)/%.o)
LIB_HDR = $(wildcard lib/*.h)
LIBA = $(B)/libwebtools.a
PROG_BIN = $(PROGS:%=$(BIN)/%)
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(B)/unit/%)

# JSON Schemas of every request and envelope, from the programs' own
# tables (--schema), at build time; installed under share/webtools/schema.
SCHEMA_PROGS = wfetch wextract wsearch wrobots
SCHEMAS = $(SCHEMA_PROGS:%=$(B)/share/schema/%.request.json) \
	$(SCHEMA_PROGS:%=$(B)/share/schema/%.envelope.json)
SHARE = $(DESTDIR)$(PREFIX)/share

all: $(PROG_BIN) $(SCHEMAS)

$(B)/share/schema/%.request.json: $(BIN)/%
	@mkdir -p $(@D)
	@echo "GEN $@"; $(BIN)/$* --schema >$@.tmp && mv $@.tmp $@

$(B)/share/schema/%.envelope.json: $(BIN)/%
	@mkdir -p $(@D)
	@echo "GEN $@"; $(BIN)/$* --schema=envelope >$@.tmp && mv $@.tmp $@

config.mk: configure
	@if [ -f config.mk ]; then \
		echo "config.mk is older than configure: run ./configure" >&2; \
		exit 1; \
	else \
		echo "no config.mk: run ./configure first" >&2; exit 1; fi

$(B)/%.o: %.c $(LIB_HDR) config.mk
	@mkdir -p $(@D)
	@echo "CC $<"; $(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(BIN)/%: $(B)/bin/%.o $(LIBA)
	@mkdir -p $(@D)
	@echo "LD $@"; $(CC) $(ALL_CFLAGS) -o $@ $< $(LIBA) -Wl,--as-needed $(LDFLAGS) $(DEP_LIBS)

$(B)/unit/%: tests/unit/%.c tests/unit/t.h $(LIBA)
	@mkdir -p $(@D)
	@echo "LD $@"; $(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(LIBA) $(LDFLAGS) $(DEP_LIBS)

units: $(UNIT_BIN)

# bench/treedump.c: the parsed tree's text runs, for bench/tree_compare.py
$(B)/treedump: bench/treedump.c $(LIBA)
	@echo "LD $@"; $(CC) $(ALL_CFLAGS) -o $@ bench/treedump.c $(LIBA) $(LDFLAGS) $(DEP_LIBS)

# Fuzz targets (tests/fuzz/fuzz_*.c): make fuzz builds them with clang's
# libFuzzer (and runs each FUZZ_SECONDS when set); fuzz-smoke builds them
# with $(CC) and a plain main() and feeds each its seeds once.
FUZZ_SRC = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES = $(FUZZ_SRC:tests/fuzz/%.c=%)
FUZZ_SMOKE = $(FUZZ_NAMES:%=$(B)/fuzz/%)
FUZZ_HDR = tests/fuzz/fuzz.h tests/fuzz/fuzz_provider.h

$(B)/fuzz/%: tests/fuzz/%.c tests/fuzz/smoke.c tests/fuzz/util.c \
    $(FUZZ_HDR) $(LIBA)
	@mkdir -p $(@D)
	@echo "LD $@"; $(CC) $(ALL_CFLAGS) -Itests/fuzz -o $@ $< \
		tests/fuzz/smoke.c tests/fuzz/util.c $(LIBA) $(LDFLAGS) $(DEP_LIBS)

fuzz-smoke: $(FUZZ_SMOKE)
	@for t in $(FUZZ_NAMES); do \
		./$(B)/fuzz/$$t -l tests/fuzz/seeds/$$t.txt \
		    $$(ls -d tests/fuzz/seeds/$$t/* 2>/dev/null) || exit 1; \
	done

# check: unit tests, bats suites, and the unit tests again under ASan+UBSan,
# all inside a private network namespace with only loopback.
check: lint all units
	$(MAKE) B=build-san BIN=build-san/bin WERROR= \
		CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
		LDFLAGS="-fsanitize=address,undefined" units fuzz-smoke
	sh tests/run-all.sh $(B) build-san $(BIN)

bench: all
	sh bench/run.sh

bench-extract: all
	sh bench/extract.sh

bench-hostile: all
	sh bench/hostile.sh

bench-hostile-servers: all
	sh bench/hostile-servers.sh

fuzz:
	sh tests/fuzz/run.sh $(FUZZ)

lint:
	sh tests/lint.sh

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(PREFIX)/share/man/man7
	for p in $(PROGS); do install -m 755 $(BIN)/$$p $(DESTDIR)$(PREFIX)/bin/; done
	for m in man/*.1; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man1/ || :; done
	for m in man/*.5; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man5/ || :; done
	for m in man/*.7; do [ -f "$$m" ] && install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man7/ || :; done
	mkdir -p $(SHARE)/webtools/schema $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions
	install -m 644 share/webtools/config.json $(SHARE)/webtools/config.json
	install -m 644 $(SCHEMAS) $(SHARE)/webtools/schema/
	for p in $(PROGS); do install -m 644 share/webtools/completions/webtools.bash \
		$(SHARE)/bash-completion/completions/$$p; done
	install -m 644 share/webtools/completions/_webtools $(SHARE)/zsh/site-functions/_webtools

# uninstall: everything install put there, and the directories that were
# only ours (share/webtools); shared directories stay.
uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$p \
		$(SHARE)/bash-completion/completions/$$p; done
	for m in man/*.1; do rm -f $(SHARE)/man/man1/$${m#man/}; done
	for m in man/*.5; do rm -f $(SHARE)/man/man5/$${m#man/}; done
	for m in man/*.7; do rm -f $(SHARE)/man/man7/$${m#man/}; done
	rm -f $(SHARE)/zsh/site-functions/_webtools
	rm -rf $(SHARE)/webtools

clean:
	rm -rf $(B) build-san build-fuzz $(PROG_BIN)

.PHONY: all units check bench bench-extract bench-hostile bench-hostile-servers fuzz fuzz-smoke lint install uninstall clean
.SECONDARY:
