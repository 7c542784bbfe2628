# hexchess - `make help` lists the targets.
CC ?= cc
CSTD = -std=c17 -D_POSIX_C_SOURCE=200809L
WARN = -Wall -Wextra -Werror -Wmissing-declarations -Wshadow
OPT ?= -O2 -march=native -DNDEBUG
CFLAGS ?= $(OPT)
ALL_CFLAGS = $(CSTD) $(WARN) $(CFLAGS)
BUILD ?= build

CORE_SRC = $(wildcard src/core/*.c)
CLI_SRC = $(wildcard src/cli/*.c)
CORE_OBJ = $(CORE_SRC:src/%.c=$(BUILD)/%.o)
CLI_OBJ = $(CLI_SRC:src/%.c=$(BUILD)/%.o)

.PHONY: all help clean
all: $(BUILD)/hexchess ## build the hexchess program (build/hexchess)

help: ## list the targets
	@grep -E '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 16

$(BUILD)/libhexchess.a: $(CORE_OBJ)
	ar rcs $@ $^

$(BUILD)/hexchess: $(CLI_OBJ) $(BUILD)/libhexchess.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

clean: ## remove build outputs
	rm -rf build build-*

-include $(CORE_OBJ:.o=.d) $(CLI_OBJ:.o=.d)
