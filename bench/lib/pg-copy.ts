// `COPY … FROM STDIN` for the bench's bulk load: several times faster than INSERT for millions of
// rows. `pg` has no COPY API of its own; see CopyFromStdin.
import pg from 'pg';

/** The connection a COPY query writes to (pg's internal API, the one pg-copy-streams uses). */
interface CopyConnection {
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean };
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * `COPY … FROM STDIN`, several times faster than INSERT for millions of rows. `pg` has no COPY API
 * of its own, but a query may take over when the server asks for the data: this one then sends the
 * chunks, waiting whenever the socket's buffer is full.
 */
class CopyFromStdin extends pg.Query {
  constructor(
    text: string,
    private readonly chunks: Iterator<string>,
    done: (error: Error | undefined) => void,
  ) {
    super(text, done);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    const pump = () => {
      for (let next = this.chunks.next(); !next.done; next = this.chunks.next()) {
        connection.sendCopyFromChunk(Buffer.from(next.value));
        if (connection.stream.writableNeedDrain) {
          connection.stream.once('drain', pump);
          return;
        }
      }
      connection.endCopyFrom();
    };
    pump();
  }
}

const COPY_ROWS_PER_CHUNK = 10_000;

/** COPY's text format: tab-separated, `\N` for null, backslash escapes. */
function copyCell(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(
    /[\\\t\n\r]/g,
    (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!,
  );
}

function* copyChunks<Row>(rows: Iterable<Row>, columns: readonly (keyof Row)[]): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(columns.map((column) => copyCell(row[column])).join('\t'));
    if (lines.length === COPY_ROWS_PER_CHUNK) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join('\n')}\n`;
}

export function copyInto<Row>(
  client: pg.Client,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: Iterable<Row>,
) {
  return new Promise<void>((resolve, reject) => {
    client.query(
      new CopyFromStdin(
        `copy ${table} (${columns.join(',')}) from stdin`,
        copyChunks(rows, columns),
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  });
}
