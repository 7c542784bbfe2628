# hexchess - `make help` lists the targets.
CC ?= cc
CSTD = -std=c17 -D_POSIX_C_SOURCE=200809L
WARN = -Wall -Wextra -Werror -Wmissing-declarations -Wshadow
OPT ?= -O2 -march=native -DNDEBUG
ALL_CFLAGS = $(CSTD) $(WARN) $(OPT) $(CFLAGS)
BUILD ?= build
# The core library has no dependencies; the front ends use these Debian libraries (zstd compresses
# the tablebases: src/codec, whose codec the programs hand to the core). PostgreSQL's client library
# (serve --db postgresql://...) where its header is installed: PG=0 builds without it.
ZSTD_LIBS := $(shell pkg-config --libs libzstd 2>/dev/null || echo -lzstd)
PG ?= $(if $(wildcard /usr/include/postgresql/libpq-fe.h),1,0)
FRONT_LIBS = -lcjson -lmicrohttpd -lsqlite3 $(if $(filter 1,$(PG)),-lpq) -lnettle -lsodium $(ZSTD_LIBS) -lpthread -lm

# The version: `git describe` in a clone, else RELEASE (scripts/version.sh).
RELEASE = 0.9.0
VERSION := $(shell scripts/version.sh $(RELEASE))

CORE_SRC = $(wildcard src/core/*/*.c)
# The public interface (include/hexchess.h), in the library beside the core.
LIB_SRC = $(wildcard src/lib/*.c)
FRONT_SRC = $(filter-out src/cli/nodecli.c $(if $(filter 1,$(PG)),,src/server/db_pg.c),$(wildcard src/cli/*.c src/server/*.c src/codec/*.c))
TEST_SRC = $(wildcard tests/*.c)
CORE_OBJ = $(CORE_SRC:src/%.c=$(BUILD)/%.o)
LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/%.o)
FRONT_OBJ = $(FRONT_SRC:src/%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

SAN_FLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

# Endgame tablebases (hexchess tb --help): large generations, never part of make test.
TB_DIR ?= tablebases
TB_THREADS ?= 2
TB_GLINSKI = KQK KRK KNK KBK KQQK KQRK KQNK KQBK KRRK KRNK KRBK KNNK KNBK KBBK \
	KQKQ KQKR KQKN KQKB KRKR KRKN KRKB KNKN KNKB KBKB KPK
# Gliński's pawnless 5-man endings, the two of the published analysis first; each needs up to 6.4 GB.
TB_GLINSKI5 = KRNKR KRBKR \
	KQQQK KQQRK KQQBK KQQNK KQRRK KQRBK KQRNK KQBBK KQBNK KQNNK \
	KRRRK KRRBK KRRNK KRBBK KRBNK KRNNK KBBBK KBBNK KBNNK KNNNK \
	KQQKQ KQQKR KQQKB KQQKN KQRKQ KQRKR KQRKB KQRKN KQBKQ KQBKR KQBKB KQBKN \
	KQNKQ KQNKR KQNKB KQNKN KRRKQ KRRKR KRRKB KRRKN KRBKQ KRBKB KRBKN \
	KRNKQ KRNKB KRNKN KBBKQ KBBKR KBBKB KBBKN KBNKQ KBNKR KBNKB KBNKN \
	KNNKQ KNNKR KNNKB KNNKN
# C'escacs: the rule book's claims, the cheap ones first (D queen, V wyvern, G pegasus, J bishop, E elephant).
TB_CESCACS = KDK KVK KRK KGK KPK KGNK KGJK KDKR KRKJ KRKN KDKG KNNK KNJK KJJK KNEK KJEK KEEK KVKR KVKG

# Where `make install` puts things; DESTDIR is prepended to each (staged installs, packages).
# `hexchess serve` finds the web app at ../share/hexchess/web from the program's folder.
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
SHAREDIR = $(PREFIX)/share/hexchess
MANDIR = $(PREFIX)/share/man
DOCDIR = $(PREFIX)/share/doc/hexchess

.PHONY: install uninstall FORCE check-dead check-endgames tb-glinski tb-glinski5 tb-mccooey tb-cescacs pgo all help deps run test check check-asan check-api check-pg check-web check-push bench check-bench tune clean format \
	fuzz fuzz-build wasm check-wasm site
all: $(BUILD)/hexchess $(BUILD)/hexchess.1 ## build the hexchess program (build/hexchess) and its manual page

help: ## list the targets
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14

deps: ## install missing Debian packages (build, test and bench)
	scripts/install-deps.sh all

run: ## install, build and start the web board (hexchess serve prints the URL to open; PORT=9000 for another port)
	scripts/install-deps.sh build
	$(MAKE) all
	$(BUILD)/hexchess serve $(if $(PORT),--listen 127.0.0.1:$(PORT))

install: all ## install into DESTDIR/PREFIX (default /usr/local): program, web app, library, header, hexchess.pc, man page
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SHAREDIR)/web/locales $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR)/examples
	install -m 755 $(BUILD)/hexchess $(DESTDIR)$(BINDIR)/hexchess
	install -m 644 web/*.* $(DESTDIR)$(SHAREDIR)/web/
	install -m 644 web/locales/*.json $(DESTDIR)$(SHAREDIR)/web/locales/
	install -m 644 $(BUILD)/libhexchess.a $(DESTDIR)$(LIBDIR)/libhexchess.a
	install -m 644 include/hexchess.h $(DESTDIR)$(INCLUDEDIR)/hexchess.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' src/lib/hexchess.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/hexchess.pc
	install -m 644 $(BUILD)/hexchess.1 $(DESTDIR)$(MANDIR)/man1/hexchess.1
	install -m 644 examples/*.c examples/Makefile $(DESTDIR)$(DOCDIR)/examples/
	sed 's|/usr/local/|$(PREFIX)/|g' deploy/hexchess.service >$(DESTDIR)$(DOCDIR)/hexchess.service

uninstall: ## remove what `make install` put into DESTDIR/PREFIX
	rm -f $(DESTDIR)$(BINDIR)/hexchess $(DESTDIR)$(LIBDIR)/libhexchess.a $(DESTDIR)$(INCLUDEDIR)/hexchess.h \
		$(DESTDIR)$(LIBDIR)/pkgconfig/hexchess.pc $(DESTDIR)$(MANDIR)/man1/hexchess.1
	rm -rf $(DESTDIR)$(SHAREDIR) $(DESTDIR)$(DOCDIR)

test: ## install what is missing, build, run every test, then again under ASan+UBSan
	scripts/install-deps.sh test
	$(MAKE) check
	$(MAKE) check-asan
	$(MAKE) check-bench
	$(MAKE) check-wasm
	$(MAKE) check-web
	$(MAKE) check-pg
	$(MAKE) BUILD=build-asan OPT="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" check-api

# Then every command the documents show, and an install into a scratch PREFIX with the examples
# built against it (LDFLAGS: what a sanitizer build's programs also link with).
check: $(BUILD)/hexchess $(BUILD)/hexchess.1 $(BUILD)/tune $(TEST_BIN) ## run the test suite (no install step)
	tests/layers.sh
	tests/run.sh $(BUILD)
	tests/doc-examples.sh $(BUILD)
	tests/install.sh $(BUILD) "$(LDFLAGS)"

# Perft depths above 30 million leaves are skipped under the sanitizers (see tests/test_perft.c).
check-asan: ## run the test suite built with AddressSanitizer and UBSan
	HEXCHESS_PERFT_CAP=$${HEXCHESS_PERFT_CAP:-30000000} \
	$(MAKE) BUILD=build-asan OPT="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" check

# Four builds of hexchess in build-bench/ (about two minutes from scratch on two cores).
check-bench: ## the bench node count must agree across gcc/clang, -O2/-O0 and ASan+UBSan builds
	tests/bench-builds.sh

check-api: $(BUILD)/hexchess ## black-box tests of the JSON API of hexchess serve (curl, jq)
	tests/web/api.sh $(BUILD)

check-pg: $(BUILD)/hexchess ## the API tests against serve --db postgresql://... on a throwaway PostgreSQL cluster
	tests/web/pg.sh $(BUILD)

check-web: check-api ## API tests, then browser tests of the web app (playwright-core, chromium)
	tests/e2e/run.sh $(BUILD)

# Not part of `make test`: a minute of load on the loopback.
check-push: ## 50 games and 500 event streams for 60 s against the ASan server: push delay, 0 errors
	$(MAKE) BUILD=build-asan OPT="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" build-asan/hexchess
	tests/web/push.sh build-asan

bench: all ## perft speed against Stockfish and the engine's bench signature
	scripts/install-deps.sh bench
	bench/perft.sh $(BUILD)/hexchess
	bench/engine.sh $(BUILD)/hexchess

# Profile-guided build: instrument, train on bench and perft of both games, rebuild with the profile.
PGO_BUILD = build-pgo
pgo: ## build build-pgo/hexchess with profile-guided optimisation (trained by bench and perft)
	rm -rf $(PGO_BUILD)
	$(MAKE) BUILD=$(PGO_BUILD) OPT="$(OPT) -fprofile-generate -fprofile-update=atomic" LDFLAGS="-fprofile-generate" all
	$(PGO_BUILD)/hexchess bench >/dev/null 2>&1
	$(PGO_BUILD)/hexchess perft -v glinski 4 >/dev/null
	$(PGO_BUILD)/hexchess perft 3 >/dev/null
	find $(PGO_BUILD) -name '*.o' -delete
	rm -f $(PGO_BUILD)/hexchess $(PGO_BUILD)/libhexchess.a
	$(MAKE) BUILD=$(PGO_BUILD) OPT="$(OPT) -fprofile-use -fprofile-partial-training -Wno-missing-profile" all

# make check compares the three-man part of the lists (tests/test_tb.c); this, the four-man lists.
check-dead: all ## the dead-material pass over four men must give Glinski's and McCooey's no-win lists (about 3 minutes)
	$(BUILD)/hexchess tb dead -v glinski 4
	$(BUILD)/hexchess tb dead -v mccooey 4

check-endgames: all ## docs/endgames.md's figures and positions recomputed, four-man tables included (several minutes)
	tests/endgames-doc.sh $(BUILD) full

tb-glinski: all ## Glinski's pawnless tablebases up to 4 men and KPK into TB_DIR (about 10 minutes on 2 cores)
	$(BUILD)/hexchess tb gen -v glinski --dir $(TB_DIR) --threads $(TB_THREADS) $(TB_GLINSKI)

tb-glinski5: all ## Glinski's 60 pawnless 5-man tablebases into TB_DIR (15-20 minutes each on 2 cores, an estimated 15-20 hours in all; stop and rerun at will: made tables are kept)
	$(BUILD)/hexchess tb gen -v glinski --dir $(TB_DIR) --threads $(TB_THREADS) $(TB_GLINSKI5)

tb-mccooey: all ## McCooey's pawnless tablebases up to 4 men and KPK into TB_DIR (about 5 minutes on 2 cores)
	$(BUILD)/hexchess tb gen -v mccooey --dir $(TB_DIR) --threads $(TB_THREADS) $(TB_GLINSKI)

tb-cescacs: all ## the C'escacs tablebases of the rule book's claims into TB_DIR (about 2 hours on 2 cores, 5 GB of memory)
	$(BUILD)/hexchess tb gen -v cescacs --dir $(TB_DIR) --threads $(TB_THREADS) $(TB_CESCACS)

tune: $(BUILD)/tune ## build the Texel tuner of the evaluation weights (build/tune --help)

$(BUILD)/tune: tools/tune.c $(BUILD)/tools/texel.o $(BUILD)/libhexchess.a
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(BUILD)/tools/texel.o $(BUILD)/libhexchess.a $(LDFLAGS) -lm

$(BUILD)/tools/%.o: tools/%.c tools/%.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The tuner's numerical part (tools/texel.c) has its own test.
$(BUILD)/tests/test_tune: $(BUILD)/tools/texel.o
# So have the server's game clock and its ratings.
$(BUILD)/tests/test_clock: $(BUILD)/server/clock.o
$(BUILD)/tests/test_rating: $(BUILD)/server/rating.o
# And the tables' tests, their zstd codec.
$(BUILD)/tests/test_tb: $(BUILD)/codec/tbzstd.o
$(BUILD)/tests/test_tb: TEST_LIBS = $(ZSTD_LIBS)

$(BUILD)/libhexchess.a: $(CORE_OBJ) $(LIB_OBJ)
	ar rcs $@ $^

# The version is compiled into the public interface alone; the stamp changes with it.
VERSION_DEFS = -DHEXCHESS_VERSION='"$(VERSION)"'
$(BUILD)/lib/hexchess.o: $(BUILD)/version.stamp
$(BUILD)/lib/hexchess.o: DEFS = $(VERSION_DEFS)
$(BUILD)/version.stamp: FORCE
	@mkdir -p $(BUILD)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' >$@

# The manual page, from the program's help texts.
$(BUILD)/hexchess.1: $(BUILD)/hexchess scripts/manpage.sh
	scripts/manpage.sh $< >$@.tmp && mv $@.tmp $@

$(BUILD)/hexchess: $(FRONT_OBJ) $(BUILD)/libhexchess.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(FRONT_LIBS)

$(BUILD)/tests/%: tests/%.c $(BUILD)/libhexchess.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(filter %.o,$^) $(BUILD)/libhexchess.a $(LDFLAGS) -lcmocka -lcjson $(TEST_LIBS) -lm

$(BUILD)/server/db_pg.o $(BUILD)/server/fanout.o: ALL_CFLAGS += -I/usr/include/postgresql
$(BUILD)/server/db.o $(BUILD)/server/fanout.o: ALL_CFLAGS += -DHEXCHESS_PG=$(PG)

$(BUILD)/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(DEFS) -MMD -MP -c -o $@ $<

format: ## reformat the sources with clang-format
	clang-format -i src/*/*.[ch] include/*.h examples/*.c tests/*.[ch]

clean: ## remove build outputs
	rm -rf build build-*

# Fuzzing: libFuzzer targets (clang) for the PDTL, FEN, CTL-AN, SAN and CTL-PGN/PGN readers, the
# position validator, the record writer's round trip (read, write in every notation, read again:
# the same game), the UCI command loop and the JSON API through its router (no socket;
# fuzz/worker_stub.c stands in for the engine threads).
# `make fuzz` runs each for FUZZ_SECONDS; `make -j2 fuzz` runs two at a time.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_TARGETS = pdtl fen ctlan san pgn validate roundtrip uci api import
FUZZ_BUILD = build-fuzz
FUZZ_FLAGS = -std=c17 -D_POSIX_C_SOURCE=200809L -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

fuzz: $(addprefix fuzz-run-,$(FUZZ_TARGETS)) ## run every fuzz target for FUZZ_SECONDS (default 600)

fuzz-build: $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_TARGETS)) ## build the fuzz targets only

fuzz-run-%: $(FUZZ_BUILD)/fuzz_%
	@mkdir -p $(FUZZ_BUILD)/corpus/$* $(FUZZ_BUILD)/artifacts
	$< -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/artifacts/$*- $(FUZZ_DICT_$*) \
		$(FUZZ_BUILD)/corpus/$* fuzz/seeds/$* 2>&1 | tail -n 40 > $(FUZZ_BUILD)/fuzz_$*.log; \
		status=$$?; grep -E 'stat::number_of_executed_units|Done [0-9]+ runs|ERROR|SUMMARY' $(FUZZ_BUILD)/fuzz_$*.log; \
		! grep -qE 'ERROR|SUMMARY|property broken' $(FUZZ_BUILD)/fuzz_$*.log

# The record targets read labels and position texts: a dictionary of them reaches deep sooner.
FUZZ_DICT_pgn = -dict=fuzz/records.dict
FUZZ_DICT_roundtrip = -dict=fuzz/records.dict
FUZZ_DICT_import = -dict=fuzz/records.dict

# A target that drives a front end's protocol layer links that layer too.
FUZZ_FRONT_uci = src/cli/ucisession.c
$(FUZZ_BUILD)/fuzz_uci: $(FUZZ_FRONT_uci) src/cli/ucisession.h

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(CORE_SRC) $(wildcard fuzz/*.h src/core/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(CORE_SRC) $(FUZZ_FRONT_$*) $(FUZZ_LIBS_$*)

# The page module's functions, built natively: fuzz/stub/emscripten.h stands in for Emscripten's header.
FUZZ_FRONT_import = src/wasm/api.c
$(FUZZ_BUILD)/fuzz_import: $(FUZZ_FRONT_import) fuzz/stub/emscripten.h
$(FUZZ_BUILD)/fuzz_import: FUZZ_FLAGS += -Ifuzz/stub
FUZZ_LIBS_import = -lcjson

FUZZ_API_SRC = $(filter-out src/server/serve.c src/server/worker.c,$(wildcard src/server/*.c)) fuzz/worker_stub.c
$(FUZZ_BUILD)/fuzz_api: fuzz/fuzz_api.c $(FUZZ_API_SRC) $(CORE_SRC) $(wildcard fuzz/*.h src/*/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_API_SRC) $(CORE_SRC) $(FRONT_LIBS)

# WebAssembly (Emscripten): the command-line program for Node and the module for the page, from the
# same core. Debian's emscripten runs its JavaScript tools with the machine's node, which finds
# Debian's node packages (acorn) only through NODE_PATH when it is not Debian's own node.
EMCC = NODE_PATH=/usr/share/nodejs emcc
WASM_BUILD = build-wasm
WASM_OPT = -O3 -DNDEBUG
WASM_CFLAGS = $(CSTD) $(WARN) $(WASM_OPT)
# The program: threads (a UCI search runs beside the reading of its input) with main() on a thread
# of its own, so that the main JavaScript thread stays free to start threads and write their output;
# files through Node's own file system.
WASM_CLI_FLAGS = -pthread -sPROXY_TO_PTHREAD -sNODERAWFS -sENVIRONMENT=node,worker -sEXIT_RUNTIME \
	-sALLOW_MEMORY_GROWTH -sMAXIMUM_MEMORY=2GB -Wno-pthreads-mem-growth --pre-js src/wasm/node-wasm.js \
	--pre-js src/wasm/node-exit.js
# The module, twice: with one thread, for any page, and with threads (hexchess-module-mt), for a
# page served cross-origin isolated, the only kind that has shared memory. The engine runs in a Web
# Worker (web/engine-worker.js picks the module).
WASM_EXPORTS = _malloc,_hx_free,_hx_variants,_hx_game,_hx_import,_hx_export,_hx_bench
WASM_EXPORTS := $(WASM_EXPORTS),_hx_engine_new_game,_hx_engine_search,_hx_engine_stop
WASM_MODULE_FLAGS = -sMODULARIZE -sEXPORT_NAME=createHexchess -sENVIRONMENT=web,worker,node \
	-sALLOW_MEMORY_GROWTH -sMAXIMUM_MEMORY=2GB -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString \
	--pre-js src/wasm/node-wasm.js
WASM_CLI_OBJ = $(CORE_SRC:src/%.c=$(WASM_BUILD)/mt/%.o) $(LIB_SRC) $(filter-out src/cli/servecmd.c,$(wildcard src/cli/*.c))
WASM_CLI_OBJ := $(patsubst src/%.c,$(WASM_BUILD)/mt/%.o,$(WASM_CLI_OBJ))
WASM_MODULE_OBJ = $(CORE_SRC:src/%.c=$(WASM_BUILD)/st/%.o) $(WASM_BUILD)/st/wasm/api.o
WASM_MODULE_MT_OBJ = $(CORE_SRC:src/%.c=$(WASM_BUILD)/mt/%.o) $(WASM_BUILD)/mt/wasm/api.o

wasm: $(WASM_BUILD)/hexchess $(WASM_BUILD)/hexchess-module.js $(WASM_BUILD)/hexchess-module-mt.js $(WASM_BUILD)/engine-worker.js $(WASM_BUILD)/hexchess-wasm.js ## build build-wasm/: the program for Node and the page module (Emscripten)

$(WASM_BUILD)/hexchess.js: $(WASM_CLI_OBJ) src/wasm/node-wasm.js src/wasm/node-exit.js
	$(EMCC) $(WASM_OPT) $(WASM_CLI_FLAGS) -o $@ $(WASM_CLI_OBJ)

$(WASM_BUILD)/hexchess-module.js: $(WASM_MODULE_OBJ) src/wasm/node-wasm.js
	$(EMCC) $(WASM_OPT) $(WASM_MODULE_FLAGS) -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) -o $@ $(WASM_MODULE_OBJ)

$(WASM_BUILD)/hexchess-module-mt.js: $(WASM_MODULE_MT_OBJ) src/wasm/node-wasm.js
	$(EMCC) $(WASM_OPT) $(WASM_MODULE_FLAGS) -pthread -Wno-pthreads-mem-growth \
		-sEXPORTED_FUNCTIONS=$(WASM_EXPORTS),_hx_engine_start -o $@ $(WASM_MODULE_MT_OBJ)

# The Node build as a program of its own, for scripts and tests that run one (tests/run.sh --program).
$(WASM_BUILD)/hexchess: $(WASM_BUILD)/hexchess.js
	printf '#!/bin/sh\n# hexchess, the WebAssembly build, run by Node.\nexec node "$$(dirname "$$(readlink -f "$$0")")/hexchess.js" "$$@"\n' >$@
	chmod +x $@

$(WASM_BUILD)/%.js: web/%.js
	cp $< $@

$(WASM_BUILD)/mt/lib/hexchess.o: $(BUILD)/version.stamp
$(WASM_BUILD)/mt/lib/hexchess.o: DEFS = $(VERSION_DEFS)

$(WASM_BUILD)/mt/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) $(DEFS) -pthread -MMD -MP -c -o $@ $<

$(WASM_BUILD)/st/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) -MMD -MP -c -o $@ $<

# The static site: the web app with the local back end (web/backend-local.js: the module, IndexedDB,
# the engine's worker) in place of the server's API, and the module's files beside it.
SITE_BUILD = build-site
SITE_WASM = hexchess-module.js hexchess-module.wasm hexchess-module-mt.js hexchess-module-mt.wasm \
	hexchess-module-mt.worker.js
site: $(WASM_BUILD)/hexchess-module.js $(WASM_BUILD)/hexchess-module-mt.js ## build build-site/: the web app without a server (any static host)
	rm -rf $(SITE_BUILD)
	mkdir -p $(SITE_BUILD)
	cp -r web/* $(SITE_BUILD)/
	cp $(addprefix $(WASM_BUILD)/,$(SITE_WASM)) $(SITE_BUILD)/
	sed -i 's/name="hexchess-backend" content="http"/name="hexchess-backend" content="local"/' $(SITE_BUILD)/index.html
	grep -q 'content="local"' $(SITE_BUILD)/index.html

# Without emcc (scripts/install-deps.sh wasm installs it) the WebAssembly tests are skipped, saying so.
check-wasm: all ## the Node build through the command-line tests, its bench signature, the module's API, the static site
	@if ! command -v emcc >/dev/null; then \
		echo "check-wasm: skipped: emcc is missing (scripts/install-deps.sh wasm installs it)"; exit 0; fi; \
	$(MAKE) wasm site && tests/wasm.sh $(BUILD)

-include $(CORE_OBJ:.o=.d) $(LIB_OBJ:.o=.d) $(FRONT_OBJ:.o=.d)
-include $(wildcard $(WASM_BUILD)/*/*/*.d)
