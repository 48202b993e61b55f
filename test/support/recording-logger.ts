/** A logger that keeps its lines, for assertions (and proves nothing logs the token). */
export class RecordingLogger {
  readonly lines: { level: string; message: string; attributes: Record<string, unknown>[] }[] = [];
  readonly keys: Record<string, unknown> = {};
  info(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'info', message, attributes });
  }
  warn(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'warn', message, attributes });
  }
  error(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'error', message, attributes });
  }
  appendKeys(keys: Record<string, unknown>): void {
    Object.assign(this.keys, keys);
  }
}
