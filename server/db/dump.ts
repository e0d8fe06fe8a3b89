import { StringDecoder } from 'node:string_decoder';

/**
 * The plain-SQL dump format of backups (DESIGN §6): one file that restores into PGlite or PostgreSQL. Both
 * sides dump with the same `pg_dump` flags; what one side's pg_dump writes and the other side refuses is
 * left out; a restore splits the file into batches of whole statements and runs them in one transaction.
 */

/** Flags of both dumps: no roles or grants (the target has its own), one INSERT per 1000 rows. */
export const DUMP_ARGS = ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=1000'] as const;

/** Lines of a dump's header: settings, comments, psql's `\restrict`. The header ends at the first other line. */
const HEADER_LINE = /^(?:$|--|SET |SELECT pg_catalog\.set_config\(|\\restrict )/;

/**
 * A dump's text without the lines the other database refuses: psql's `\restrict KEY` / `\unrestrict KEY`
 * (pg_dump 15.14+/17.6+; not SQL) and `SET transaction_timeout` (PostgreSQL 17+; PGlite is newer than
 * PostgreSQL 15). Only header lines and the one `\unrestrict` of the header's key are dropped, so a
 * value's text that happens to look like them is kept. Yields whole lines, many per chunk.
 */
export async function* portableDump(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let inHeader = true;
  let unrestrict: string | undefined;
  const keep = (line: string) => {
    if (inHeader && HEADER_LINE.test(line)) {
      if (line.startsWith('\\restrict ')) {
        unrestrict = `\\unrestrict ${line.slice('\\restrict '.length)}`;
        return false;
      }
      return !line.startsWith('SET transaction_timeout');
    }
    inHeader = false;
    return line !== unrestrict;
  };
  const kept = (text: string) => {
    const lines = text.split('\n');
    lines.pop(); // what follows the last newline: nothing, or the next chunk's first line
    const out = lines.filter(keep);
    return out.length > 0 ? `${out.join('\n')}\n` : '';
  };
  for await (const chunk of source) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    const end = text.lastIndexOf('\n') + 1;
    rest = text.slice(end);
    const out = kept(text.slice(0, end));
    if (out) yield out;
  }
  rest += decoder.end();
  if (rest && keep(rest)) yield rest;
}

/** Where the scanner is: in plain SQL, or inside a string, E'' string, quoted identifier, comment or dollar quote. */
type ScanState =
  | { in: 'sql' }
  | { in: 'string' | 'escape-string' | 'identifier' }
  | { in: 'comment'; depth: number }
  | { in: 'dollar-quote'; tag: string };

/** What ends each quoted state: its closing quote, and for E'' strings the backslash that escapes a character. */
const CLOSERS = { string: /'/g, 'escape-string': /[\\']/g, identifier: /"/g } as const;
/** What may start a quote or comment, or end a statement, in plain SQL. */
const SQL_SPECIAL = /[;'"$\-/]/g;

/**
 * Finds where statements end in SQL text fed in pieces of whole lines: a `;` outside quotes, dollar quotes
 * and comments. Enough of PostgreSQL's lexer for what pg_dump writes (function bodies in dollar quotes,
 * values in standard strings, E'' strings, quoted identifiers).
 */
class StatementScanner {
  private state: ScanState = { in: 'sql' };

  /** The offset just after the last statement that ends in `text`, or -1. */
  scan(text: string): number {
    let last = -1;
    let at = 0;
    while (at < text.length) {
      const state = this.state;
      if (state.in === 'sql') {
        SQL_SPECIAL.lastIndex = at;
        const found = SQL_SPECIAL.exec(text);
        if (!found) break;
        at = found.index;
        const before = text[at - 1] ?? ' ';
        const next = text[at + 1];
        if (found[0] === ';') last = ++at;
        else if (found[0] === "'") {
          const escaped = /[eE]/.test(before) && !/[\w$]/.test(text[at - 2] ?? ' ');
          this.state = { in: escaped ? 'escape-string' : 'string' };
          at++;
        } else if (found[0] === '"') {
          this.state = { in: 'identifier' };
          at++;
        } else if (found[0] === '$') {
          const tag = /^\$(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/.exec(text.slice(at, at + 64));
          if (tag && !/[\w$]/.test(before)) {
            this.state = { in: 'dollar-quote', tag: tag[0] };
            at += tag[0].length;
          } else at++;
        } else if (found[0] === '-' && next === '-') {
          const end = text.indexOf('\n', at);
          at = end === -1 ? text.length : end + 1;
        } else if (found[0] === '/' && next === '*') {
          this.state = { in: 'comment', depth: 1 };
          at += 2;
        } else at++;
      } else if (state.in === 'dollar-quote') {
        const end = text.indexOf(state.tag, at);
        if (end === -1) break;
        at = end + state.tag.length;
        this.state = { in: 'sql' };
      } else if (state.in === 'comment') {
        const open = text.indexOf('/*', at);
        const close = text.indexOf('*/', at);
        if (open !== -1 && (close === -1 || open < close)) {
          state.depth++; // comments nest
          at = open + 2;
        } else if (close !== -1) {
          at = close + 2;
          if (--state.depth === 0) this.state = { in: 'sql' };
        } else break;
      } else {
        const closer = CLOSERS[state.in];
        closer.lastIndex = at;
        const found = closer.exec(text);
        if (!found) break;
        // A backslash (E'' strings) escapes the next character; a doubled quote is one quote inside.
        if (found[0] === '\\' || text[found.index + 1] === found[0]) at = found.index + 2;
        else {
          at = found.index + 1;
          this.state = { in: 'sql' };
        }
      }
    }
    return last;
  }
}

/**
 * The SQL of a dump in batches of whole statements of about `batchChars` characters each, so a restore
 * never holds the file in one piece.
 */
export async function* statementBatches(
  text: AsyncIterable<string>,
  batchChars = 4 * 1024 * 1024,
): AsyncGenerator<string> {
  const scanner = new StatementScanner();
  let pending = '';
  for await (const piece of text) {
    const cut = scanner.scan(piece);
    if (cut >= 0 && pending.length + cut >= batchChars) {
      yield pending + piece.slice(0, cut);
      pending = piece.slice(cut);
    } else pending += piece;
  }
  if (pending.trim()) yield pending;
}
