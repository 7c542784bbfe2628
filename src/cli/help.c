#include "cli.h"

const Command cli_commands[] = {
    {"moves", cmd_moves, "list the legal moves of a position",
     "hexchess moves [-v V] [-p POSITION]",
     "Prints every legal move of the position, one per line, sorted by byte order.\n"
     "C'escacs moves are bare CTL-AN (no check suffix): JF6-A21, D22\xc3\x97RC25=J, F12@@G9,\n"
     "C25-D26=& (to an awaiting pawn), P21=J (forced promotion in place), KRK-HIO (castling).\n"
     "Gli\xc5\x84ski and McCooey moves are coordinate moves: f5f6, f10f11q.\n\n"
     "Examples:\n"
     "  hexchess moves\n"
     "  hexchess moves -v glinski -p 'b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1'\n",
     OPT_VARIANT | OPT_POSITION, 0, 0, "the position is rejected", false},
    {"perft", cmd_perft, "count the leaves of the legal-move tree",
     "hexchess perft [-v V] [-p POSITION] [--divide] DEPTH",
     "Counts the positions reached after DEPTH plies of legal moves (draw rules ignored).\n"
     "With --divide, prints 'MOVE COUNT' for every legal move first (sorted like 'moves').\n"
     "The last line is always: nodes N time SECONDS nps LEAVES_PER_SECOND\n\n"
     "Examples:\n"
     "  hexchess perft 3\n"
     "  hexchess perft -v glinski --divide 2\n",
     OPT_VARIANT | OPT_POSITION | OPT_DIVIDE, 1, 1, "the position is rejected", false},
    {"apply", cmd_apply, "play moves and print the resulting position",
     "hexchess apply [-v V] [-p POSITION] MOVE...",
     "Plays the moves, written as 'hexchess moves' prints them, from the position and prints\n"
     "the result as a canonical PDTL (C'escacs) or FEN (Gli\xc5\x84ski, McCooey). An illegal move is reported\n"
     "with its number and the command exits with status 1.\n\n"
     "Examples:\n"
     "  hexchess apply E7-E13 E21-E15\n"
     "  hexchess apply -v glinski f5f6 e7e6\n",
     OPT_VARIANT | OPT_POSITION, 0, NO_LIMIT, "the position or a move is rejected", false},
    {"status", cmd_status, "tell check, mate, stalemate and draws of a position",
     "hexchess status [-v V] [-p POSITION]",
     "Prints, one 'KEY VALUE' per line:\n"
     "  status     ongoing, check, checkmate, stalemate or draw (a draw the rules impose)\n"
     "  check      none, +\xe2\x88\x9e (from afar), +^ (adjoining or knight leap) or ++ (double)\n"
     "  draw       none, repetition, N-move or insufficient-material (automatic draws)\n"
     "  claimable  none, repetition or N-move (draws a player may claim)\n"
     "  moves      the number of legal moves\n"
     "  result     the score the rules give: 3-0, 2-1 (stalemate), 1-1 ... in C'escacs,\n"
     "             1-0, 3/4-1/4 (stalemate), 1/2-1/2 ... in Gli\xc5\x84ski, 1-0, 1/2-1/2 (a stalemate\n"
     "             too) ... in McCooey, or * while the game goes on\n\n"
     "Example:\n"
     "  hexchess status -p '/24:G4/3:3k/2:K2/ b -- - 0 81'\n",
     OPT_VARIANT | OPT_POSITION, 0, 0, "the position is rejected", false},
    {"uci", cmd_uci_loop, "speak the UCI protocol on standard input/output",
     "hexchess uci [--baseline]",
     "Runs the engine under the UCI protocol (Fairy-Stockfish conventions for variants):\n"
     "  setoption name UCI_Variant value V   (a variant hexchess --help lists)\n"
     "  position startpos|fen <PDTL-or-FEN> [moves <move>...]   (moves as 'hexchess moves' prints them)\n"
     "  go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]\n"
     "     [mate N] [infinite] [ponder]   then 'stop' (or 'ponderhit')\n"
     "A bare 'go' is 'go infinite'. The end of input is 'quit': a running search stops and answers.\n"
     "Options: UCI_Variant, Hash, Threads, MultiPV, Skill Level, Move Overhead, Contempt\n"
     "(centipawns a draw is worth less than even to the engine, default 0), Clear Hash,\n"
     "CescacsCastling (false: no castling and the king's leap cannot capture), EvalFile (an\n"
     "evaluation network file, docs/nnue.md) and UseNNUE (true: evaluate with it in its variant's\n"
     "games; default false). Malformed commands are answered with 'info string error: ...'.\n\n"
     "With --baseline, every 'go' is answered by the yardstick engine instead: a plain depth-4\n"
     "alpha-beta search with a material + mobility evaluation (for measuring the real engine).\n\n"
     "Example:\n"
     "  (printf 'uci\\nposition startpos\\ngo depth 6\\n'; sleep 5) | hexchess uci\n",
     0, 0, NO_LIMIT, "the engine cannot start (out of memory)", true},
    {"bench", cmd_bench, "search fixed positions; print the node signature and speed",
     "hexchess bench [DEPTH]",
     "Searches a fixed set of C'escacs and Gli\xc5\x84ski positions to DEPTH (default 9) with one\n"
     "thread and a 16 MB hash cleared between positions. Progress goes to stderr; the last line\n"
     "is 'N nodes M nps'. N is the engine's fingerprint: identical in every build; it changes\n"
     "only when the search's behaviour changes (commits say 'Bench: N').\n",
     0, 0, 1, "the engine cannot start (out of memory)", false},
    {"match", cmd_match, "play two UCI engines against each other; score, Elo, SPRT",
     "hexchess match [-v V] --engine CMD --engine CMD [OPTIONS]",
     "Plays --games games (default 20) between two UCI engine commands (run with sh -c), from\n"
     "openings made of --opening-plies random legal plies (default 2, --seed N picks them), each\n"
     "opening played with both colours. Games are adjudicated by the rules: mate, stalemate with\n"
     "the variant's scoring (C'escacs 2-1, Gli\xc5\x84ski 3/4-1/4, McCooey a draw), automatic draws; --max-plies N\n"
     "(default 600) adjudicates a draw. Engine 1's result is reported as score, Elo with a 95%\n"
     "interval and, with --sprt, Wald's SPRT verdict (alpha = beta = 0.05).\n"
     "--positions FILE plays from the positions of FILE instead (one a line as 'position fen'\n"
     "reads it; blank lines and lines starting with # are skipped; each must be legal and not\n"
     "over): every position in turn, with both colours (engine 1 has White first) or, with --once,\n"
     "once with engine 1 as the side to move; --games then defaults to every position played so.\n\n"
     "Options:\n"
     "  --engine CMD       an engine command line, given twice (engine 1, engine 2)\n"
     "  --option1 NAME=VALUE, --option2 NAME=VALUE\n"
     "                     a UCI option of engine 1 or 2 ('setoption name NAME value VALUE'),\n"
     "                     each at most 16 times, e.g. --option1 TablebasePath=tablebases\n"
     "  --games N          games to play (default 20)\n"
     "  --positions FILE   the start positions, one a line (instead of random openings)\n"
     "  --once             each opening once, engine 1 to move (default: both colours)\n"
     "  --tc BASE+INC      clock per game in seconds (default 10+0.1, at most 86400+3600)\n"
     "  --movetime MS      fixed time per move instead of a clock\n"
     "  --depth N          fixed depth per move instead of a clock\n"
     "  --nodes N          fixed node count per move (fair on a busy machine)\n"
     "  --answer-ms MS     without a clock: forfeit after MS without a move (60000)\n"
     "  --concurrency N    games played at once (default 1)\n"
     "  --pgn FILE         write the games (CTL-PGN or PGN) to FILE\n"
     "  --max-plies N      adjudicate a draw after N plies (default 600, at most 3840)\n"
     "  --resign N,CP      adjudicate a win once both engines have reported, for N moves each,\n"
     "                     that one side leads by CP centipawns (or mates); off by default\n"
     "  --sprt ELO0,ELO1   test H0: elo = ELO0 against H1: elo = ELO1 (e.g. 0,5)\n"
     "  --no-castling      C'escacs without castling\n\n"
     "Example:\n"
     "  hexchess match -v glinski --engine 'build/hexchess uci' --engine 'build/hexchess uci --baseline' \\\n"
     "      --games 100 --movetime 1000 --pgn games.pgn\n"
     "  hexchess tb gen -v glinski KRK\n"
     "  hexchess tb sample -v glinski --count 20 --seed 1 --wdl win --stm white KRK > starts.txt\n"
     "  hexchess match -v glinski --engine 'build/hexchess uci' --engine 'build/hexchess uci' \\\n"
     "      --option1 TablebasePath=tablebases --positions starts.txt --once --movetime 100\n",
     OPT_VARIANT, 0, NO_LIMIT, "not every game was played (an engine failed) or the game file cannot be written",
     true},
    {"datagen", cmd_datagen, "play self-play games; write training data for an evaluation network",
     "hexchess datagen [-v V] --games N --out FILE [--nodes K] [--seed S] [--random-plies R]",
     "Plays N games of the engine against itself: R random plies from the start (default 8),\n"
     "then K nodes a move (default 5000), one move in 8 a random one over the next 16 plies.\n"
     "A game ends by the rules, as a draw after 600 plies, or as a win once the score has stayed\n"
     "beyond 20 pawns for 8 plies. Every quiet position searched (not in check, the best move no\n"
     "capture or promotion, the score no mate) is appended to FILE as a 96-byte record: the men,\n"
     "the side to move, the score and the game's result (layout in docs/nnue.md).\n"
     "Game g depends on S (default 1), K, R and g alone: FILE is resumed by running the same\n"
     "command again (its unfinished last game is played again; a file of another run is refused),\n"
     "and runs with other seeds write files that concatenate. A progress line goes to stderr.\n\n"
     "Example:\n"
     "  hexchess datagen -v glinski --games 2 --nodes 500 --seed 7 --out glinski.bin\n",
     OPT_VARIANT, 0, NO_LIMIT, "FILE cannot be written or is another run's", true},
    {"play", cmd_play, "play either game on a terminal board, against the engine or a person",
     "hexchess play [-v V] [-p POSITION] [--engine white|black|both|none] [--level N] [--movetime MS]\n"
     "                     [--no-castling] [--load FILE] [--no-color] [--tablebases DIR]",
     "Draws the hex board in colour (letters: upper case White, lower case Black; the last move\n"
     "and a checked king are highlighted) and reads moves in any notation the variant accepts:\n"
     "C'escacs CTL-AN (E7-E13, JF6\xc3\x97G9, KRK-HIO, P21=J), Gliński algebraic or coordinates (f6,\n"
     "Nd1-f4, f5f6, f10f11q). The engine plays Black by default (level 10, 1 s a move).\n"
     "Commands: moves, undo, hint, flip, engine SIDE, level N, time MS, claim, resign, new,\n"
     "save FILE, load FILE (CTL-PGN / PGN), help, quit. Each line is one command or one move\n"
     "(at most 4096 bytes); a mistake is told on standard error and the game goes on.\n"
     "--level and 'level' take 0 to 20, --movetime and 'time' 1 to 3600000 milliseconds.\n"
     "--tablebases DIR: the engine plays perfectly from the tables in DIR (hexchess tb), and the\n"
     "hint says what they hold: 'Hint: MOVE (tablebase: mate in N)'.\n\n"
     "Examples:\n"
     "  hexchess play\n"
     "  hexchess play -v glinski --engine white --level 5\n",
     OPT_VARIANT | OPT_POSITION, 0, NO_LIMIT, "the position or the --load file is rejected", true},
    {"serve", cmd_serve, "serve the web board and its JSON API; games are saved",
     "hexchess serve [--listen ADDR:PORT] [--db PATH] [--web DIR] [--max-think MS] [--threads N]\n"
     "                      [--cache GAMES] [--engine-threads N] [--engine-memory MB]\n"
     "                      [--max-connections N] [--max-per-client N] [--header-timeout S]\n"
     "                      [--idle-timeout S] [--tablebases DIR]",
     "Serves the web app (play any variant against a person or the engine) and the JSON API under\n"
     "/api/ (see README.md, 'Web API'). Every game is saved as it is played in an SQLite database\n"
     "(WAL) and resumes after a restart, with its seats (each opened by a secret token), clocks\n"
     "and pending offers; watchers follow a game's event stream, pushed as it changes.\n\n"
     "  --listen ADDR:PORT  where to listen (default 127.0.0.1:8080; port 0 picks a free one)\n"
     "  --db PATH           the game database (default ~/.local/share/hexchess/games.db)\n"
     "  --web DIR           the web app's folder (default: web/ beside or above the program)\n"
     "  --max-think MS      cap on any engine search, per move or analysis (default 10000)\n"
     "  --threads N         HTTP worker threads (default 4)\n"
     "  --cache GAMES       games kept in memory (default 256; others are reloaded on demand)\n\n"
     "Engines. Every engine move, draw answer, analysis and hint runs on one of a fixed number of\n"
     "engine threads, each with its own engine; further work waits in a queue, first come first\n"
     "served, and its game shows \"waiting\": true (the web page: waiting for an engine). Any\n"
     "number of games thus costs the same threads and memory.\n\n"
     "  --engine-threads N  engine threads, i.e. searches at once (default: the online cores)\n"
     "  --engine-memory MB  the hash tables of all the engines together, shared out equally, at\n"
     "                      least 1 MB each (default 16 per engine thread)\n"
     "  --tablebases DIR    endgame tables (hexchess tb gen) the engines probe: with few men left\n"
     "                      their moves are perfect, and the analysis and the hint give the\n"
     "                      tables' verdict (\"tablebase: mate in N\"); a DIR that cannot be\n"
     "                      opened stops the server at start\n\n"
     "Clients. These bound what slow or greedy clients can hold. A request body is at most 1 MiB:\n"
     "one announced as larger is answered 413 before it is read, one sent without a length\n"
     "(chunked) is cut off, its connection closed, as it grows past.\n\n"
     "  --max-connections N\n"
     "                      open connections in all; more are refused (default 512)\n"
     "  --max-per-client N  open connections from one IP address; more are refused (default 32)\n"
     "  --header-timeout S  a request's headers must be complete S seconds after its connection\n"
     "                      opened or its previous request ended; else the connection is\n"
     "                      closed, which also ends idle kept-alive connections (default 5)\n"
     "  --idle-timeout S    a connection silent for S seconds is closed, e.g. one stalling\n"
     "                      while sending a body (default 30)\n\n"
     "Example:\n"
     "  hexchess serve --listen 127.0.0.1:9000 --db /tmp/games.db\n",
     0, 0, NO_LIMIT, "the web folder, the database or the address cannot be used", true},
    {"tb", cmd_tb, "generate, probe and summarise endgame tablebases",
     "hexchess tb gen [-v V] [--dir DIR] [--threads N] ENDING...\n"
     "       hexchess tb probe [-v V] [--dir DIR] [--line] -p POSITION\n"
     "       hexchess tb stats [-v V] [--dir DIR] ENDING\n"
     "       hexchess tb verify [-v V] [--dir DIR] [--threads N] ENDING...\n"
     "       hexchess tb sample [-v V] [--dir DIR] [--count N] [--seed N] [--wdl VALUE] [--stm SIDE] ENDING",
     "Endgame tablebases: for every legal position of an ending, with either side to move, whether\n"
     "the side to move wins, draws or loses with best play and in how many plies. An ENDING names\n"
     "the kings and men with the variant's letters, White's first: KRK, KQKR, KBNK (Glinski and\n"
     "McCooey), KDK, KGNK, KRKJ (C'escacs: D queen, V wyvern, G pegasus, N knight, J bishop,\n"
     "E elephant), P a pawn (KPK: the pawn's side is White; at most one pawn). At most 5 men;\n"
     "positions have no castling or leap rights, and the move-count and repetition draws are not\n"
     "counted. Stalemate is scored as the variant scores it: a win for the stalemating side in\n"
     "C'escacs and Glinski (kept apart from a mate), a draw in McCooey; endings the rules declare\n"
     "drawn (insufficient material) are drawn.\n\n"
     "  gen     generates each ENDING into DIR as VARIANT-ENDING.hxtb, first the endings its\n"
     "          captures and promotions lead to (tables already in DIR are read, not made\n"
     "          again). Every table is checked value by value against its moves before it is\n"
     "          written. Prints one line per table made (positions, symmetries used, seconds,\n"
     "          bytes), then the memory used; a progress line goes to standard error on a\n"
     "          terminal.\n"
     "  probe   prints 'wdl RESULT dtm N best MOVE' for the position, from the side to move:\n"
     "          RESULT is win, stalemate-win, draw, stalemate-loss or loss, N the plies to the\n"
     "          mate or stalemate (0 for a draw), MOVE the best move ('none' when there is none).\n"
     "          With --line, a second line 'line MOVE...': both sides' best moves to the end\n"
     "          (captures into smaller endings need their tables too).\n"
     "  stats   prints one line per side to move, over every legal placement of the men:\n"
     "          'ENDING wtm|btm win P% [stalemate-win P%] draw P% [stalemate-loss P%] loss P%\n"
     "          longest N POSITION', from White's side; N is the longest mate in plies and\n"
     "          POSITION one that needs it.\n"
     "  verify  checks tables in DIR again against their moves.\n"
     "  sample  prints --count positions (default 1), one a line as 'position fen' reads them,\n"
     "          drawn from the table of ENDING: each uniformly among the legal placements of the\n"
     "          men with the value --wdl (win, stalemate-win, draw, stalemate-loss or loss, from\n"
     "          the side to move; default any) and the side to move --stm (white or black; default\n"
     "          either). Symmetric twins are distinct placements, each as likely as any other;\n"
     "          draws are independent (a position may come twice). --seed N (default 0) fixes\n"
     "          the draw: the same seed, count and table give the same lines on every machine. A name\n"
     "          with the weaker side first (KKR) samples with the colours exchanged.\n\n"
     "Options:\n"
     "  --dir DIR      where tables are read and written (default: tablebases)\n"
     "  --threads N    threads for generation and verification (default 2, at most 64)\n"
     "  --count N, --seed N, --wdl VALUE, --stm white|black\n"
     "                 tb sample's (N at most 1000000; seed 0 to 1000000000)\n\n"
     "Examples:\n"
     "  hexchess tb gen -v glinski KQK KRK\n"
     "  hexchess tb probe -v glinski --line -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'\n"
     "  hexchess tb stats -v glinski KRK\n"
     "  hexchess tb sample -v glinski --count 10 --seed 1 --wdl win --stm white KQK\n",
     OPT_VARIANT | OPT_POSITION, 1, NO_LIMIT,
     "an ending is unknown, a table is missing or corrupt, a directory cannot be used or a table fails verification",
     true},
    {"replay", cmd_replay, "replay game records and tell how each game ended",
     "hexchess replay [--from-letters SET] [-v V] FILE...",
     "Reads every game of each CTL-PGN (C'escacs) or PGN (Gli\xc5\x84ski, McCooey) FILE ('-' for standard\n"
     "input), plays its moves by the rules and prints one line per game, games numbered from 1\n"
     "in the order they appear (numbering goes on through the FILEs in the order given):\n\n"
     "  GAME_NUMBER PLIES RESULT FINAL_POSITION\n"
     "  GAME_NUMBER error ply N 'TOKEN': FILE:LINE: REASON\n\n"
     "PLIES is the number of half-moves of the main line. RESULT is the arbiter's: the board\n"
     "decides checkmate (3-0 / 0-3, 1-0 / 0-1), stalemate (2-1 / 1-2, 3/4-1/4 / 1/4-3/4) and the\n"
     "automatic draws (1-1, 1/2-1/2); when the board has not ended the game, a recorded win is\n"
     "taken as a resignation and a recorded draw as an agreement or claim; otherwise '*'.\n"
     "FINAL_POSITION is a PDTL (C'escacs) or FEN (Gli\xc5\x84ski, McCooey). The second form reports the first\n"
     "move that is illegal or cannot be read (N is its 1-based half-move number in the main\n"
     "line), or any other reading error (an unclosed comment, label or variation, an unknown\n"
     "variant); replay goes on with the next game. A move after mate or stalemate is reported as\n"
     "'the game was already over (checkmate at ply N)'; a game that goes on after an automatic\n"
     "draw ends at the draw, with a warning. When a record's result contradicts the\n"
     "rules (another result after a mate, say), a warning naming the file, line and game goes to\n"
     "standard error; so do labels replay does not know (they are kept).\n\n"
     "The variant comes from each game's Variant label (\"C'escacs\", \"Glinski\", \"McCooey\"); a game without\n"
     "one takes the variant of the game before it, else the variant its first move is written\n"
     "in, else -v. Moves are read leniently: CTL-AN with any separator (- \xe2\x80\x90 \xe2\x80\x93 \xc3\x97 * @ @@) and check\n"
     "marks (+ +\xe2\x88\x9e +^ ^+ ++ #), Redefine letters and figurines; Gli\xc5\x84ski and McCooey SAN (Ndf4, exf5, e:f5,\n"
     "ed, f10=Q, b1V), full algebraic (Bd1-f4, Bf6:e7, Qc3xBf9#), coordinates (f5f6,\n"
     "f10f11q), digital (0356, 61712), 'ep.', 'remi', move numbers glued to moves, '...'.\n"
     "Gli\xc5\x84ski piece letters are recognised per game (English, Hungarian, Polish, Russian,\n"
     "figurines); --from-letters SET forces one (en, hu, pl, ru, fan).\n"
     "Every error line names its file, so several FILEs can be replayed at once.\n\n"
          "Examples:\n"
     "  hexchess replay game.ctl-pgn\n"
     "  hexchess replay --from-letters hu tournament.pgn\n",
     OPT_VARIANT | OPT_FROM_LETTERS, 1, NO_LIMIT, "any game failed or a file cannot be read", false},
    {"convert", cmd_convert, "rewrite a game file or a move list in another notation",
     "hexchess convert [-v V] [--to NOTATION] [--letters SET] [--from-letters SET] FILE\n"
     "       hexchess convert [-v V] [-p POSITION] [--to NOTATION] [--letters SET] MOVE...",
     "Reads the games of FILE ('-' for standard input) like 'replay' and writes them again,\n"
     "labels, comments, assessments and variations included, as canonical CTL-PGN (C'escacs:\n"
     "one move pair a line, '1. a, b', comments on their own lines) or PGN (Gli\xc5\x84ski, McCooey). Given\n"
     "MOVEs instead (one or more words, move numbers allowed), plays them from POSITION\n"
     "(default: the start) in the -v variant and writes the move text alone.\n\n"
     "NOTATION (--to):\n"
     "  C'escacs  ctl (default): CTL-AN with \xc3\x97 and the finer check marks +\xe2\x88\x9e +^ ++\n"
     "            ascii: CTL-AN with * for captures and + for every single check\n"
     "  Gli\xc5\x84ski   san (default): short algebraic, minimal disambiguation (Ndf4, exf5, f10=Q)\n"
     "            full: full algebraic (Bd1-f4, Bf6:e7, b6-b7R)\n"
     "            coord: coordinates (f5f6, f10f11q), no marks\n"
     "            digital: four digits a move, a fifth for a promotion (1 Q, 2 R, 3 N, 4 B);\n"
     "            hexes off file f of ranks 1-9 are 10*rank + file digit (a0 b1 c2 d3 e4 g5\n"
     "            h6 i7 k8 l9), f1-f9 are 01-09; our choice for the four hexes the seed's\n"
     "            examples cannot fix: e10 = 80, f10 = 00, g10 = 89, f11 = 90\n"
     "  McCooey   as Gli\xc5\x84ski\n\n"
     "SET (--letters for output, --from-letters for input; default: the variant's own letters\n"
     "for output, recognised per game for input):\n"
     "  en  K Q R B N     hu  K V B F H     pl  K H W G S     ru  \xd0\x9a\xd1\x80 \xd0\xa4 \xd0\x9b \xd0\xa1 \xd0\x9a\n"
     "  fan Unicode figurines (C'escacs too)   default  the variant's letters\n"
     "A C'escacs game written with other single letters gets a Redefine label.\n\n"
          "Examples:\n"
     "  hexchess convert --to san --letters en hungarian.pgn\n"
     "  hexchess convert -v glinski --to digital f5f6 e7e6\n"
     "  hexchess convert 'E7*E13' 'E21-E15'\n",
     OPT_VARIANT | OPT_POSITION | OPT_TO | OPT_LETTERS | OPT_FROM_LETTERS, 1, NO_LIMIT,
     "a file or a move cannot be read (the game is written up to the move, the error goes to standard error)",
     false},
};

const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);
