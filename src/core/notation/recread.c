#include "recread.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../rules/arbiter.h"
#include "../util/quote.h"
#include "../util/strbuf.h"
#include "recinternal.h"

void record_reader_init(RecordReader *r, const char *name, const char *text, size_t size, const Variant *fallback)
{
    memset(r, 0, sizeof *r);
    r->name = name;
    r->text = text;
    r->size = size;
    r->line = 1;
    r->fallback = fallback;
}

static int peek(const RecordReader *r) { return r->pos < r->size ? (unsigned char)r->text[r->pos] : -1; }

static bool line_end_char(int c) { return c == '\n' || c == '\r'; }

static int next(RecordReader *r)
{
    if (r->pos >= r->size)
        return -1;
    int c = (unsigned char)r->text[r->pos++];
    /* "\n", "\r\n" and a lone "\r" (old Mac files) each end one line. */
    if (c == '\n' || (c == '\r' && peek(r) != '\n'))
        r->line++;
    return c;
}

PRINTF_LIKE(3, 4) static void warnf(RecordReader *r, int line, const char *fmt, ...)
{
    if (!r->warn)
        return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vformat_at(msg, sizeof msg, r->name, line, fmt, ap);
    va_end(ap);
    r->warn(r->warn_ctx, msg);
}

static int main_ply(const Game *g) { return g->main.count + 1; }

PRINTF_LIKE(5, 6) static void syntax_error(RecordReader *r, Game *g, int line, const char *token, const char *fmt, ...)
{
    if (g->syntax.failed)
        return;
    RecError *e = &g->syntax;
    e->failed = true;
    e->ply = main_ply(g);
    e->line = line;
    snprintf(e->token, sizeof e->token, "%s", token);
    va_list ap;
    va_start(ap, fmt);
    vformat_at(e->reason, sizeof e->reason, r->name, line, fmt, ap);
    va_end(ap);
}

static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

static void skip_line(RecordReader *r)
{
    while (peek(r) >= 0 && !line_end_char(peek(r)))
        next(r);
}

/* Moves past the end of the current line. */
static void next_line(RecordReader *r)
{
    skip_line(r);
    if (next(r) == '\r' && peek(r) == '\n')
        next(r);
}

static void note_nul(RecordReader *r, int line)
{
    if (!r->nul) {
        r->nul = true;
        warnf(r, line, "NUL bytes in the text are read as spaces");
    }
}

/* Windows-1252's 0x80-0x9F (0: unassigned); its bytes from 0xA0 are Latin-1's, the same code points. */
static const uint16_t CP1252_HIGH[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

/*
 * Copies n bytes of the source into out (room for 3n+1 bytes) as UTF-8: a byte that is not part
 * of valid UTF-8 is read as Windows-1252, the superset of Latin-1 that older editors save ("½" is
 * the one byte 0xBD, "×" 0xD7), and a NUL as a space; warned once a file. Returns the length.
 */
static size_t clean_text(RecordReader *r, int line, const char *in, size_t n, char *out)
{
    size_t len = 0;
    for (size_t i = 0; i < n;) {
        const unsigned char *s = (const unsigned char *)in + i;
        size_t seq = utf8_sequence(s, n - i);
        if (s[0] == 0) {
            note_nul(r, line);
            out[len++] = ' ';
            i++;
            continue;
        }
        if (seq) {
            memcpy(out + len, s, seq);
            len += seq;
            i += seq;
            continue;
        }
        if (!r->recoded) {
            r->recoded = true;
            warnf(r, line, "the text is not UTF-8: read as Windows-1252 (Latin-1)");
        }
        unsigned cp = s[0] >= 0xA0 ? s[0] : CP1252_HIGH[s[0] - 0x80] ? CP1252_HIGH[s[0] - 0x80] : 0xFFFD;
        if (cp < 0x800) {
            out[len++] = (char)(0xC0 | cp >> 6);
        } else {
            out[len++] = (char)(0xE0 | cp >> 12);
            out[len++] = (char)(0x80 | (cp >> 6 & 0x3F));
        }
        out[len++] = (char)(0x80 | (cp & 0x3F));
        i++;
    }
    out[len] = 0;
    return len;
}

/* ";" and, in CTL-PGN, "//" comment to the end of the line; "%" in the first column escapes it. */
static bool comment_start(const RecordReader *r)
{
    int c = peek(r);
    if (c == '/')
        return r->slash_comments && r->pos + 1 < r->size && r->text[r->pos + 1] == '/';
    return c == ';' || (c == '%' && (r->pos == 0 || line_end_char((unsigned char)r->text[r->pos - 1])));
}

/*
 * The bytes of a no-break space at the reader, else 0: text copied from web pages and word
 * processors separates moves with it, U+00A0 in UTF-8 or Windows-1252's lone byte 0xA0. The
 * reader stands at a character's start (words are read a character at a time), so a 0xA0 there
 * is no UTF-8 continuation byte.
 */
static size_t nbsp_at(const RecordReader *r)
{
    const unsigned char *s = (const unsigned char *)r->text + r->pos;
    if (r->pos + 1 < r->size && s[0] == 0xc2 && s[1] == 0xa0)
        return 2;
    return r->pos < r->size && s[0] == 0xa0;
}

/* Skips spaces, comment lines and NUL bytes. */
static void skip_blank(RecordReader *r)
{
    for (;;) {
        int c = peek(r);
        if (is_space(c)) {
            next(r);
        } else if (nbsp_at(r)) {
            r->pos += nbsp_at(r); /* within the line: no line count to keep */
        } else if (c == 0) {
            note_nul(r, r->line);
            next(r);
        } else if (comment_start(r)) {
            skip_line(r);
        } else if (c == 0xef && r->pos + 2 < r->size && !memcmp(r->text + r->pos, "\xef\xbb\xbf", 3)) {
            r->pos += 3; /* byte-order mark */
        } else {
            return;
        }
    }
}

/* Moves to the next label at the start of a line (after an error), or to the end. */
static void skip_to_next_game(RecordReader *r)
{
    while (peek(r) >= 0) {
        next_line(r);
        size_t p = r->pos;
        while (p < r->size && (r->text[p] == ' ' || r->text[p] == '\t'))
            p++;
        if (p < r->size && r->text[p] == '[')
            return;
    }
}

static const char *const KNOWN_LABELS[] = {
    "Variant", "Event", "Site", "Date", "Round", "White", "Black", "Result", "Id", "Annotator", "AnnotatorId",
    "Lang", "Title", "WhiteAlias", "BlackAlias", "Model", "Example", "Mode", "Redefine", "PDTL", "FEN", "SetUp",
    "Castling", "EventDate", "Source", "GameID", "Recorder", "Published", "Opening", "Variation", "ECO",
    "PlyCount", "TimeControl", "Termination", "WhiteElo", "BlackElo", "Time", "UTCDate", "UTCTime", "Remark",
    "Comment", "Board", "Section", "Stage", "WhiteTitle", "BlackTitle", "WhiteTeam", "BlackTeam", "Annotation",
    "Letters", NULL};

static bool known_label(const char *name)
{
    for (int i = 0; KNOWN_LABELS[i]; i++)
        if (!strcmp(KNOWN_LABELS[i], name))
            return true;
    return false;
}

/* The known label a name spells in other letter cases ("variant", "Fen"), or NULL. */
static const char *known_label_any_case(const char *name)
{
    for (int i = 0; KNOWN_LABELS[i]; i++)
        if (!strcasecmp(KNOWN_LABELS[i], name))
            return KNOWN_LABELS[i];
    return NULL;
}

/* Variant label values compare without case, apostrophes or accents' extra bytes. */
static void normalize_name(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++) {
        unsigned char c = (unsigned char)*s;
        if (isalnum(c) || c >= 0x80)
            out[n++] = (char)tolower(c);
        else if (c == ' ')
            out[n++] = ' ';
    }
    out[n] = 0;
}

static const Variant *variant_by_label(const char *value)
{
    char want[64];
    normalize_name(value, want, sizeof want);
    for (int i = 0; variant_names[i]; i++) {
        const Variant *v = variant_find(variant_names[i]);
        if (!v)
            continue;
        char names[256];
        snprintf(names, sizeof names, "%s|%s", v->desc->record_names, v->desc->name);
        for (char *tok = strtok(names, "|"); tok; tok = strtok(NULL, "|")) {
            char have[64];
            normalize_name(tok, have, sizeof have);
            if (!strcmp(have, want))
                return v;
        }
    }
    return NULL;
}

/* A hex-looking start ("e4", "E7") tells which built-in variant a move list belongs to. */
static const Variant *guess_variant(const char *token)
{
    for (const char *s = token; *s; s++) {
        if (!isalpha((unsigned char)*s) || !isdigit((unsigned char)s[1]))
            continue;
        for (int i = 0; variant_names[i]; i++) {
            const Variant *v = variant_find(variant_names[i]);
            if (v && strchr(v->desc->column_names, *s))
                return v;
        }
    }
    return NULL;
}

/*
 * Where the value of the label line at from ends (to) and the reading goes on (after); missing
 * names what the line lacks, NULL when complete. A quoted value ends at the quote that the
 * closing bracket follows, so quotes typed inside it stay; without such a quote, at the last
 * quote of the line, else at the line's end (less a final bracket).
 */
static void label_value_span(const char *t, size_t from, size_t eol, size_t *to, size_t *after, const char **missing)
{
    *missing = NULL;
    if (from < eol && t[from] == '"') {
        size_t last_quote = 0;
        for (size_t i = from + 1; i < eol; i++) {
            if (t[i] == '\\' && i + 1 < eol) {
                i++;
                continue;
            }
            if (t[i] != '"')
                continue;
            last_quote = i;
            size_t k = i + 1;
            while (k < eol && (t[k] == ' ' || t[k] == '\t'))
                k++;
            if (k < eol && t[k] == ']') {
                *to = i;
                *after = k + 1;
                return;
            }
        }
        *after = eol;
        if (last_quote) {
            *to = last_quote;
            *missing = "']'";
            return;
        }
        *to = eol;
        while (*to > from + 1 && (t[*to - 1] == ' ' || t[*to - 1] == '\t'))
            (*to)--;
        if (*to > from + 1 && t[*to - 1] == ']')
            (*to)--;
        *missing = "'\"'";
        return;
    }
    *to = from;
    while (*to < eol && t[*to] != ']')
        (*to)++;
    *after = *to < eol ? *to + 1 : eol;
    if (*to == eol)
        *missing = "']'";
}

/* [Name "value"] or, leniently, [Name value], one a line; a line missing its closing quote or
 * bracket is read to its end with a warning. False when the label cannot be used. */
static bool read_label(RecordReader *r, Game *g)
{
    int line = r->line;
    next(r); /* '[' */
    char name[64];
    size_t n = 0;
    bool name_too_long = false;
    while (peek(r) == ' ' || peek(r) == '\t')
        next(r);
    while (peek(r) >= 0 && (isalnum(peek(r)) || peek(r) == '_' || peek(r) == '-')) {
        int c = next(r);
        if (n + 1 < sizeof name)
            name[n++] = (char)c;
        else
            name_too_long = true;
    }
    name[n] = 0;
    while (peek(r) == ' ' || peek(r) == '\t')
        next(r);
    const char *t = r->text;
    size_t eol = r->pos;
    while (eol < r->size && !line_end_char((unsigned char)t[eol]))
        eol++;
    size_t from = r->pos, to, after;
    const char *missing;
    label_value_span(t, from, eol, &to, &after, &missing);
    char token[80];
    snprintf(token, sizeof token, "[%s", name);
    if (name_too_long || (missing && eol == r->size)) {
        if (name_too_long)
            syntax_error(r, g, line, token, "the label name '%s...' is longer than %d characters", name,
                         (int)sizeof name - 1);
        else
            syntax_error(r, g, line, token, "the label '[%s' is never closed: the text ends inside it", name);
        return false;
    }
    r->pos = after; /* within the line: no line count to keep */
    if (g->label_count >= RECORD_LABELS_MAX) {
        syntax_error(r, g, line, token, "more than %d labels", RECORD_LABELS_MAX);
        return false;
    }
    char q[QUOTE_BUF_SIZE];
    if (!name[0]) {
        warnf(r, line, "a label without a name is ignored: %s", quote_bytes(q, t + from - 1, eol - from + 1));
        return true;
    }
    if (missing)
        warnf(r, line, "the label '%s' is never closed with %s: read to the end of its line", name, missing);
    bool quoted = t[from] == '"';
    if (quoted)
        from++;
    if (to - from > RECORD_LABEL_VALUE_MAX) {
        syntax_error(r, g, line, token, "the label '%s' is longer than %d bytes", name, RECORD_LABEL_VALUE_MAX);
        return false;
    }
    /* A value within the bound is kept whole, never cut: a long Event or Annotator value too. */
    char *raw = malloc(to - from + 1), *value = malloc(3 * (to - from) + 1);
    if (!raw || !value) {
        free(raw);
        free(value);
        syntax_error(r, g, line, token, "out of memory");
        return false;
    }
    size_t v = 0;
    for (size_t i = from; i < to; i++) {
        if (t[i] == '\\' && i + 1 < to && (t[i + 1] == '"' || t[i + 1] == '\\'))
            i++;
        raw[v++] = t[i];
    }
    /* Spaces inside quotes are the value's; those before a missing quote or bracket are not. */
    while ((!quoted || missing) && v > 0 && (raw[v - 1] == ' ' || raw[v - 1] == '\t'))
        v--;
    clean_text(r, line, raw, v, value);
    free(raw);
    if (!known_label(name)) {
        /* Typed by hand, a label's case slips: read as the label it spells, which matters most
         * for Variant and the start position. */
        const char *spelt = known_label_any_case(name);
        if (spelt) {
            warnf(r, line, "the label '%s' is read as '%s'", quote(q, name), spelt);
            snprintf(name, sizeof name, "%s", spelt);
        } else {
            warnf(r, line, "unknown label '%s' (kept as it is)", quote(q, name));
        }
    }
    /* The last of two labels of one name is the one read (game_label); say so when they differ. */
    const char *before = game_label(g, name);
    if (before && strcmp(before, value)) {
        char q2[QUOTE_BUF_SIZE];
        warnf(r, line, "the label '%s' is given again: \"%s\" is read, not \"%s\"", name, quote(q, value),
              quote(q2, before));
    }
    if (!strcmp(name, "Variant")) {
        const Variant *var = variant_by_label(value);
        if (!var) {
            snprintf(token, sizeof token, "%.70s", value);
            syntax_error(r, g, line, token, "unknown variant %s in the Variant label", quote(q, value));
            free(value);
            return false;
        }
        g->variant = var;
        r->slash_comments = var->desc->record_format == RECORD_CTL_PGN;
    }
    add_label(g, name, value, line);
    free(value);
    return true;
}

/* Whether the line starting at p is a label, [Name "value"] (spaces allowed around). */
static bool label_line_at(const RecordReader *r, size_t p)
{
    const char *t = r->text;
    while (p < r->size && (t[p] == ' ' || t[p] == '\t'))
        p++;
    if (p + 1 >= r->size || t[p] != '[' || !isalpha((unsigned char)t[p + 1]))
        return false;
    for (p++; p < r->size && (isalnum((unsigned char)t[p]) || t[p] == '_' || t[p] == '-');)
        p++;
    while (p < r->size && (t[p] == ' ' || t[p] == '\t'))
        p++;
    if (p >= r->size || t[p] != '"')
        return false;
    size_t eol = p;
    while (eol < r->size && !line_end_char((unsigned char)t[eol]))
        eol++;
    while (eol > p && is_space((unsigned char)t[eol - 1]))
        eol--;
    return eol - p >= 3 && t[eol - 1] == ']' && t[eol - 2] == '"';
}

/*
 * Reads "{ ... }" into buf (after a blank line when it follows another); false when the text ends
 * first, or when a label line stands inside: its '}' was forgotten, and the next game starts there
 * rather than being read as this comment (with every game up to the next '}' in the file); false
 * too past RECORD_COMMENT_MAX with the held bytes the move's comment has already.
 */
static bool read_one_comment(RecordReader *r, Game *g, StrBuf *buf, size_t held, bool follows)
{
    int line = r->line;
    next(r); /* '{' */
    size_t start = r->pos;
    while (peek(r) >= 0 && peek(r) != '}' &&
           !(line_end_char((unsigned char)r->text[r->pos - 1]) && label_line_at(r, r->pos)))
        next(r);
    if (peek(r) < 0) {
        syntax_error(r, g, line, "{", "the comment opened here is never closed with '}'");
        return false;
    }
    if (peek(r) != '}') {
        syntax_error(r, g, line, "{", "the comment opened here is not closed with '}' before the label on line %d",
                     r->line);
        return false;
    }
    size_t end = r->pos;
    next(r);
    if (held + buf->len + (end - start) > RECORD_COMMENT_MAX) {
        syntax_error(r, g, line, "{", "the comments on one move are longer than %d bytes", RECORD_COMMENT_MAX);
        skip_to_next_game(r);
        return false;
    }
    while (start < end && is_space((unsigned char)r->text[start]))
        start++;
    while (end > start && is_space((unsigned char)r->text[end - 1]))
        end--;
    char *text = malloc(3 * (end - start) + 1);
    if (text) {
        clean_text(r, line, r->text + start, end - start, text);
        if (follows)
            strbuf_puts(buf, "\n\n");
        strbuf_puts(buf, text);
        free(text);
    }
    return true;
}

/* Reads the comments from the reader's '{' on, up to the next word, and adds them to *slot. A run
 * of comments is joined here at once: joined one by one, each copy of all before it made a file of
 * many short comments on one move cost time by the square of their number. False as for
 * read_one_comment (the comments before the bad one are kept). */
static bool read_comment(RecordReader *r, Game *g, char **slot)
{
    StrBuf buf = {0};
    int read = 0;
    bool ok;
    while ((ok = read_one_comment(r, g, &buf, *slot ? strlen(*slot) : 0, read > 0))) {
        read++;
        skip_blank(r);
        if (peek(r) != '{')
            break;
    }
    char *text = strbuf_take(&buf);
    if (read)
        join_comment(slot, text ? text : "");
    free(text);
    return ok;
}

static bool word_char(int c)
{
    return c > 0 && !is_space(c) && c != '{' && c != '}' && c != '(' && c != ')' && c != ';' && c != '[' &&
           c != ']';
}

static const char *skip_dots(const char *s)
{
    while (*s == '.' || !strncmp(s, "\xe2\x80\xa6", 3))
        s += *s == '.' ? 1 : 3;
    return s;
}

/* Strips a leading move number: "12.", "12...", "1?", "12…", "12" alone (as in "12 ."), and the
 * dots of "...e5"; sets *unknown for "N?". */
static const char *strip_number(const char *w, bool *unknown)
{
    const char *s = w;
    while (isdigit((unsigned char)*s))
        s++;
    if (s == w)
        return skip_dots(w);
    if (*s == '?' && s - w <= 3) { /* "12?"; four or five digits are a digital move with "?" */
        *unknown = true;
        return s + 1;
    }
    if (!*s && s - w <= 3)
        return s;
    if (*s != '.' && strncmp(s, "\xe2\x80\xa6", 3))
        return w; /* a digital move such as 0356, or a result */
    return skip_dots(s);
}

static bool only_placeholder(const char *s)
{
    while (*s == '.' || *s == ',' || !strncmp(s, "\xe2\x80\xa6", 3))
        s += strncmp(s, "\xe2\x80\xa6", 3) ? 1 : 3;
    return !*s;
}

static bool has_alnum(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isalnum((unsigned char)s[i]))
            return true;
    return false;
}

/* A result this reader does not know, shaped "X-Y" with no letter on either side ("Â½-Â½" from an
 * encoding mix-up, "?-?"): moves name hexes with letters, so it is never a move. "0-0" is chess's
 * castling written with zeros, which the moves after it show: read as a move, it fails at its ply
 * instead of ending the game there and starting another with the moves that follow. */
static bool damaged_result(const char *s)
{
    const char *dash = strchr(s, '-');
    if (!dash || dash == s || !dash[1] || strchr(dash + 1, '-') || strlen(s) > 16 || !strcmp(s, "0-0"))
        return false;
    for (; *s; s++)
        if (isalpha((unsigned char)*s))
            return false;
    return true;
}

/* Where a result glued to the end of a move starts ("h4h8*", "DC19-E25#0-3", "Qf6#1-0"), or 0.
 * After a '-', a move always names a hex with a letter, so a digit there starts a result. */
static size_t glued_result(const char *w)
{
    for (size_t k = 1; w[k]; k++) {
        Outcome o;
        bool shape = !strcmp(w + k, "*") || ((isdigit((unsigned char)w[k]) || (unsigned char)w[k] == 0xc2) &&
                                             strchr(w + k, '-'));
        if (shape && outcome_parse(w + k, &o))
            return has_alnum(w, k) ? k : 0;
    }
    return 0;
}

/*
 * A line that is neither labels nor moves: a separator ("=====", "- - -", "* * *") or, between
 * games, a line of text whose first word cannot start a game's move text ("Game 2", "Round three").
 * Structural characters, a result alone and move-number-free move words (castlings) are kept.
 */
static bool stray_line(const RecordReader *r, bool between_games)
{
    const char *s = r->text + r->pos;
    size_t n = 0;
    while (r->pos + n < r->size && !line_end_char((unsigned char)s[n]))
        n++;
    while (n > 0 && is_space((unsigned char)s[n - 1]))
        n--;
    if (!n || memchr("[{($", s[0], 4) || comment_start(r))
        return false;
    size_t w = 0;
    while (w < n && !is_space((unsigned char)s[w]))
        w++;
    char first[32];
    snprintf(first, sizeof first, "%.*s", (int)w, s);
    Outcome o;
    bool marks = outcome_parse(first, &o) || only_placeholder(first) || nag_from_text(first) >= 0;
    if (w == n && (marks || n < 3))
        return false;
    if (!has_alnum(s, n))
        return true;
    if (!between_games || marks)
        return false;
    for (size_t i = 0; i < w; i++)
        if (isdigit((unsigned char)s[i]) || s[i] == '-')
            return false;
    return true;
}

/* Skips the line at the reader with a warning. */
static void skip_stray_line(RecordReader *r)
{
    size_t n = 0;
    while (r->pos + n < r->size && !line_end_char((unsigned char)r->text[r->pos + n]))
        n++;
    char q[QUOTE_BUF_SIZE];
    warnf(r, r->line, "skipped a line that is neither labels nor moves: %s", quote_bytes(q, r->text + r->pos, n));
    next_line(r);
}

typedef struct {
    RecLine *lines[RECORD_DEPTH_MAX + 1]; /* the open variations, main line first */
    int depth;
    int open_line[RECORD_DEPTH_MAX + 1];
    int moves; /* read so far, in every line */
} Stack;

static RecNode *last_node(Stack *st)
{
    RecLine *l = st->lines[st->depth];
    return l->count ? &l->nodes[l->count - 1] : NULL;
}

/* A move-text word: number, placeholder, result, mark or move. Returns true when it ended the game. */
static bool take_word(RecordReader *r, Game *g, Stack *st, char *w, int line)
{
    size_t n = strlen(w);
    while (n > 0 && w[n - 1] == ',')
        w[--n] = 0;
    bool unknown = false;
    const char *s = strip_number(w, &unknown);
    if (unknown && st->depth == 0 && g->main.count == 0)
        g->numbers_unknown = true;
    if (!*s || only_placeholder(s))
        return false;
    Outcome o;
    if (outcome_parse(s, &o) && strcmp(s, "=")) {
        if (st->depth > 0)
            return false;
        g->result = dup_str(s);
        return true;
    }
    if (damaged_result(s)) {
        if (st->depth > 0)
            return false;
        char q[QUOTE_BUF_SIZE];
        warnf(r, line, "%s is not a result: the game's result is unknown", quote(q, s));
        return true;
    }
    RecNode *last = last_node(st);
    int nag = nag_from_text(s);
    if (nag >= 0) {
        if (last && last->nag_count < 8)
            last->nags[last->nag_count++] = (uint8_t)nag;
        return false;
    }
    if (s[0] == '$' && s[1] == '[') {
        RecLine *cur = st->lines[st->depth];
        free(cur->label);
        cur->label = dup_text(s + 2, strcspn(s + 2, "]"));
        return false;
    }
    if (!strcmp(s, ":") || !strcmp(s, "(=)")) {
        if (last)
            *(s[0] == ':' ? &last->stop : &last->draw_offer) = true;
        return false;
    }
    char move[MOVETEXT_MAX * 2];
    snprintf(move, sizeof move, "%.*s", (int)sizeof move - 1, s);
    size_t glued = st->depth == 0 ? glued_result(move) : 0;
    if (glued)
        move[glued] = 0;
    if (strlen(move) >= MOVETEXT_MAX) {
        char q[QUOTE_BUF_SIZE];
        syntax_error(r, g, line, s, "%s is too long to be a move", quote(q, s));
        return true;
    }
    if (++st->moves > RECORD_MOVES_MAX) {
        syntax_error(r, g, line, s, "more than %d moves, variations included", RECORD_MOVES_MAX);
        return true;
    }
    if (!line_add(st->lines[st->depth], move, line)) {
        syntax_error(r, g, line, s, "out of memory");
        return true;
    }
    if (glued)
        g->result = dup_str(s + glued);
    return glued > 0;
}

enum { PAREN_RESULT_MAX = 16 };

/* A result written in parentheses, "(1-0)", as some files end a game: the bytes from its '(' to
 * its ')', with the result in out (3 * PAREN_RESULT_MAX + 1 bytes), or 0. Read as a variation, it
 * would be dropped without a word and the game left without its result. */
static size_t parenthesized_result(RecordReader *r, int line, char *out)
{
    const char *s = r->text + r->pos;
    size_t avail = r->size - r->pos, i = 1;
    while (i < avail && (s[i] == ' ' || s[i] == '\t'))
        i++;
    size_t from = i;
    while (i < avail && word_char((unsigned char)s[i]))
        i++;
    size_t n = i - from;
    while (i < avail && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (!n || n > PAREN_RESULT_MAX || i == avail || s[i] != ')')
        return 0;
    clean_text(r, line, s + from, n, out);
    Outcome o;
    return outcome_parse(out, &o) && strcmp(out, "=") ? i + 1 : 0;
}

/* Comments after the result belong to the game, and a stray closing '}' or ')' is passed over:
 * read as the next game, it would make one that the file does not hold and renumber the rest.
 * Anything else starts the next game. */
static void read_trailer(RecordReader *r, Game *g)
{
    for (;;) {
        skip_blank(r);
        int c = peek(r);
        if (c == '}' || c == ')') {
            warnf(r, r->line, "a '%c' after the result closes nothing: passed over", c);
            next(r);
            continue;
        }
        if (c != '{')
            return;
        if (!read_comment(r, g, &g->final_comment))
            return;
    }
}

/* True when only spaces stand between the reader and the start of its line. */
static bool at_line_start(const RecordReader *r)
{
    size_t p = r->pos;
    while (p > 0 && (r->text[p - 1] == ' ' || r->text[p - 1] == '\t'))
        p--;
    return p == 0 || line_end_char((unsigned char)r->text[p - 1]);
}

static void read_movetext(RecordReader *r, Game *g)
{
    Stack st;
    st.depth = 0;
    st.moves = 0;
    st.lines[0] = &g->main;
    for (;;) {
        skip_blank(r);
        int c = peek(r);
        int line = r->line;
        if (c < 0 || c == '[')
            break;
        if (!r->move_list && at_line_start(r) && stray_line(r, false)) {
            skip_stray_line(r);
            /* A separator after moves ends the game, as a result would. */
            if (st.depth == 0 && g->main.count)
                return;
            continue;
        }
        if (c == '{') {
            RecNode *last = last_node(&st);
            if (!read_comment(r, g, last ? &last->comment : &st.lines[st.depth]->comment))
                return;
            continue;
        }
        if (c == '(' && r->pos + 2 < r->size && !memcmp(r->text + r->pos, "(=)", 3)) {
            r->pos += 3;
            RecNode *last = last_node(&st);
            if (last)
                last->draw_offer = true;
            continue;
        }
        char paren[3 * PAREN_RESULT_MAX + 1];
        size_t paren_len = c == '(' && st.depth == 0 ? parenthesized_result(r, line, paren) : 0;
        if (paren_len) {
            r->pos += paren_len;
            warnf(r, line, "the result (%s) is written in parentheses: read as the game's result", paren);
            g->result = dup_str(paren);
            read_trailer(r, g);
            return;
        }
        if (c == '(') {
            next(r);
            RecNode *last = last_node(&st);
            if (!last) {
                syntax_error(r, g, line, "(", "a variation must follow the move it replaces");
                skip_to_next_game(r);
                return;
            }
            if (st.depth == RECORD_DEPTH_MAX) {
                syntax_error(r, g, line, "(", "variations nested more than %d deep", RECORD_DEPTH_MAX);
                skip_to_next_game(r);
                return;
            }
            RecLine *v = node_add_variation(last);
            if (!v) {
                syntax_error(r, g, line, "(", "out of memory");
                skip_to_next_game(r);
                return;
            }
            st.lines[++st.depth] = v;
            st.open_line[st.depth] = line;
            continue;
        }
        if (c == ')' || c == '}' || c == ']') {
            next(r);
            if (c == ')' && st.depth > 0) {
                st.depth--;
                continue;
            }
            char tok[2] = {(char)c, 0};
            syntax_error(r, g, line, tok, c == ')' ? "')' closes no variation" : "'%c' closes nothing", c);
            skip_to_next_game(r);
            return;
        }
        char raw[256], w[3 * sizeof raw + 1];
        size_t n = 0, length = 0;
        bool label = c == '$' && r->pos + 1 < r->size && r->text[r->pos + 1] == '[';
        while ((word_char(peek(r)) && !comment_start(r) && !nbsp_at(r)) ||
               (label && (peek(r) == '[' || peek(r) == ']'))) {
            size_t seq = utf8_sequence((const unsigned char *)r->text + r->pos, r->size - r->pos);
            for (size_t k = 0; k < (seq ? seq : 1); k++) {
                int ch = next(r);
                if (n + 1 < sizeof raw)
                    raw[n++] = (char)ch;
                length++;
            }
        }
        if (length > n) {
            /* No move, number, result or variation label is this long: cutting it would change it. */
            char q[QUOTE_BUF_SIZE];
            quote_bytes(q, raw, 40);
            syntax_error(r, g, line, q, "a word of %zu bytes ('%s...'): no move or label is longer than %d bytes",
                         length, q, (int)sizeof raw - 1);
            skip_to_next_game(r);
            return;
        }
        clean_text(r, line, raw, n, w);
        if (take_word(r, g, &st, w, line)) {
            if (g->syntax.failed) {
                skip_to_next_game(r);
                return;
            }
            if (st.depth == 0) {
                read_trailer(r, g);
                return;
            }
        }
    }
    if (st.depth > 0) {
        syntax_error(r, g, st.open_line[st.depth], "(", "the variation opened here is never closed with ')'");
        /* It holds the rest of the game's moves, which would fail there first and hide the cause. */
        node_drop_variation(&g->main.nodes[g->main.count - 1]);
    }
}

/* A Result label and a result ending the moves that name two ends ("1-0" and "0-1"): the label
 * is the one kept (recplay.h), which the reader of the moves would not guess. */
static void warn_results_differ(RecordReader *r, const Game *g)
{
    int line = g->line;
    const char *label = NULL;
    for (int i = 0; i < g->label_count; i++)
        if (!strcmp(g->labels[i].name, "Result")) {
            label = g->labels[i].value;
            line = g->labels[i].line;
        }
    Outcome a, b;
    if (label && g->result && outcome_parse(label, &a) && outcome_parse(g->result, &b) && a != OUTCOME_NONE &&
        b != OUTCOME_NONE && a != b) {
        char q[QUOTE_BUF_SIZE], q2[QUOTE_BUF_SIZE];
        warnf(r, line, "the Result label says %s, but the moves end with %s: the label's result is kept",
              quote(q, label), quote(q2, g->result));
    }
}

bool record_read_game(RecordReader *r, Game *g)
{
    game_init(g, NULL);
    const Variant *guess = r->last ? r->last : r->fallback;
    r->slash_comments = !guess || guess->desc->record_format == RECORD_CTL_PGN;
    if (r->pos == 0 && r->size >= 2 && (!memcmp(r->text, "\xff\xfe", 2) || !memcmp(r->text, "\xfe\xff", 2))) {
        /* Every other byte NUL: nothing in it could be read as a record. */
        g->line = 1;
        g->source = r->name;
        g->variant = guess;
        syntax_error(r, g, 1, "UTF-16", "the text is UTF-16 (its byte-order mark says so): save it as UTF-8");
        r->pos = r->size;
        return true;
    }
    for (skip_blank(r); !r->move_list && peek(r) >= 0 && stray_line(r, true); skip_blank(r))
        skip_stray_line(r);
    if (peek(r) < 0)
        return false;
    g->line = r->line;
    g->source = r->name;
    while (peek(r) == '[') {
        if (!read_label(r, g)) {
            skip_to_next_game(r);
            if (!g->variant)
                g->variant = r->last ? r->last : r->fallback;
            return true;
        }
        skip_blank(r);
    }
    read_movetext(r, g);
    warn_results_differ(r, g);
    if (!g->variant)
        g->variant = r->last;
    if (!g->variant && g->main.count)
        g->variant = guess_variant(g->main.nodes[0].token);
    if (!g->variant)
        g->variant = r->fallback;
    r->last = g->variant;
    return true;
}

bool record_read_moves(const Variant *v, const char *text, Game *g)
{
    RecordReader r;
    record_reader_init(&r, "moves", text, strlen(text), v);
    r.last = v;
    r.move_list = true;
    if (!record_read_game(&r, g))
        game_init(g, v);
    return true;
}
