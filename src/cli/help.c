#include "cli.h"

const Command cli_commands[] = {
    {"moves", cmd_moves, "list the legal moves of a position",
     "hexchess moves [-v cescacs|glinski] [-p POSITION]",
     "Prints every legal move of the position, one per line, sorted by byte order.\n"
     "C'escacs moves are bare CTL-AN (no check suffix): JF6-A21, D22\xc3\x97RC25=J, F12@@G9,\n"
     "C25-D26=& (to an awaiting pawn), P21=J (forced promotion in place), KRK-HIO (castling).\n"
     "Glinski moves are coordinate moves: f5f6, f10f11q.\n\n"
     "Examples:\n"
     "  hexchess moves\n"
     "  hexchess moves -v glinski -p 'b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1'\n"},
    {"perft", cmd_perft, "count the leaves of the legal-move tree",
     "hexchess perft [-v V] [-p POSITION] [--divide] DEPTH",
     "Counts the positions reached after DEPTH plies of legal moves (draw rules ignored).\n"
     "With --divide, prints 'MOVE COUNT' for every legal move first (sorted like 'moves').\n"
     "The last line is always: nodes N time SECONDS nps LEAVES_PER_SECOND\n\n"
     "Examples:\n"
     "  hexchess perft 3\n"
     "  hexchess perft -v glinski --divide 2\n"},
    {"apply", cmd_apply, "play moves and print the resulting position",
     "hexchess apply [-v V] [-p POSITION] MOVE...",
     "Plays the moves, written as 'hexchess moves' prints them, from the position and prints\n"
     "the result as a canonical PDTL (C'escacs) or FEN (Glinski). An illegal move is reported\n"
     "with its number and the command exits with status 1.\n\n"
     "Examples:\n"
     "  hexchess apply E7-E13 E21-E15\n"
     "  hexchess apply -v glinski f5f6 f7f6\n"},
    {"status", cmd_status, "tell check, mate, stalemate and draws of a position",
     "hexchess status [-v V] [-p POSITION]",
     "Prints, one 'KEY VALUE' per line:\n"
     "  status     ongoing, check, checkmate, stalemate or draw (a draw the rules impose)\n"
     "  check      none, +\xe2\x88\x9e (from afar), +^ (adjoining or knight leap) or ++ (double)\n"
     "  draw       none, repetition, N-move or insufficient-material (automatic draws)\n"
     "  claimable  none, repetition or N-move (draws a player may claim)\n"
     "  moves      the number of legal moves\n"
     "  result     the score the rules give: 3-0, 2-1 (stalemate), 1-1 ... in C'escacs,\n"
     "             1-0, 3/4-1/4 (stalemate), 1/2-1/2 ... in Glinski, or * while the game goes on\n\n"
     "Example:\n"
     "  hexchess status -p '/24:G4/3:3k/2:K2/ b -- - 0 81'\n"},
    {"uci", cmd_uci_loop, "speak the UCI protocol on standard input/output",
     "hexchess uci",
     "Runs the engine under the UCI protocol (Fairy-Stockfish conventions for variants):\n"
     "  setoption name UCI_Variant value cescacs|glinski\n"
     "  position startpos|fen <PDTL-or-FEN> [moves <move>...]   (moves as 'hexchess moves' prints them)\n"
     "  go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]\n"
     "     [mate N] [infinite]   then 'stop'\n"
     "Options: UCI_Variant, Hash, Threads, MultiPV, Skill Level, Move Overhead, Clear Hash,\n"
     "CescacsCastling (false: no castling and the king's leap cannot capture). Malformed commands\n"
     "are answered with 'info string error: ...'.\n\n"
     "Example:\n"
     "  printf 'uci\\nposition startpos\\ngo depth 6\\n' | hexchess uci\n"},
    {"bench", cmd_bench, "search fixed positions; print the node signature and speed",
     "hexchess bench [DEPTH]",
     "Searches a fixed set of C'escacs and Glinski positions to DEPTH (default 7) with one\n"
     "thread and a 16 MB hash cleared between positions. Progress goes to stderr; the last line\n"
     "is 'N nodes M nps'. N is the engine's fingerprint: identical in every build; it changes\n"
     "only when the search's behaviour changes (commits say 'Bench: N').\n"},
};

const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);
