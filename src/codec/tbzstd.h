/*
 * The tables' block codec for the native programs: zstd (libzstd). Kept out of the core, which
 * has no dependencies: the program sets it with tb_set_codec(tb_zstd()). A build without zstd
 * (WebAssembly) links its own tb_zstd, which returns NULL: its tables are then written raw, and a
 * compressed one is refused with a line saying so.
 */
#ifndef HEXCHESS_TBZSTD_H
#define HEXCHESS_TBZSTD_H

#include "../core/tables/tbfile.h"

/* zstd as a table codec; NULL where the program has no zstd. */
const TbCodec *tb_zstd(void);

#endif
