import Assembler from 'stream-json/core/assembler.js';
import type { Token } from 'stream-json/core/parser.js';
import type { JsonRecord } from './json-values.ts';

/** One conversation-sized value of an export, with its 0-based position. */
export interface ExportItem {
  value: unknown;
  index: number;
  /** True when the value is the whole document (a single conversation object). */
  whole: boolean;
}

type Container = 'array' | 'object';

/**
 * Routes the token stream of a chat export so that only one conversation is ever assembled:
 *
 * - `[ conv, conv, ... ]`: each element is assembled and handed out on its own;
 * - `{ "conversations": [ conv, ... ], ... }`: likewise for the elements of `conversations`;
 * - any other object is assembled key by key and, at the end, handed out whole (a single
 *   conversation); other top-level values are handed out for the caller to reject.
 */
export class ExportTokenRouter {
  private readonly assembler = new Assembler();
  /** Where the value being assembled goes when it is complete; null when not assembling. */
  private deliver: ((value: unknown) => void) | null = null;
  private readonly containers: Container[] = [];
  private key = '';
  private root: JsonRecord | null = null;
  private sawConversationList = false;
  private sawValue = false;
  private count = 0;
  private ready: ExportItem[] = [];

  push(token: Token): void {
    if (this.deliver !== null) {
      this.assembler.consume(token);
      if (this.assembler.done) this.complete();
      return;
    }
    switch (token.name) {
      case 'keyValue':
        this.key = token.value;
        return;
      case 'endArray':
      case 'endObject':
        this.containers.pop();
        return;
      case 'startArray':
      case 'startObject':
      case 'stringValue':
      case 'numberValue':
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        this.route(token);
        return;
      default:
        return; // streamed pieces and whitespace: not asked of the parser
    }
  }

  /** The items completed since the last call. */
  take(): ExportItem[] {
    const items = this.ready;
    this.ready = [];
    return items;
  }

  /** Ends the document: hands out a single conversation object; answers a problem, if any. */
  finish(): string | null {
    if (this.deliver !== null || this.containers.length > 0) return 'the JSON ends early (truncated file?)';
    if (!this.sawValue) return 'the file holds no JSON value';
    if (this.root !== null && !this.sawConversationList) this.emit(this.root, true);
    return null;
  }

  private route(token: Token): void {
    this.sawValue = true;
    const depth = this.containers.length;
    if (depth === 0) {
      if (token.name === 'startArray') this.containers.push('array');
      else if (token.name === 'startObject') {
        this.containers.push('object');
        this.root = {};
      } else this.assemble(token, (value) => this.emit(value, true));
      return;
    }
    if (depth === 1 && this.containers[0] === 'object') {
      const key = this.key;
      if (key === 'conversations' && token.name === 'startArray' && !this.sawConversationList) {
        this.sawConversationList = true;
        this.containers.push('array');
        return;
      }
      this.assemble(token, (value) => {
        if (this.root !== null && !this.sawConversationList) this.root[key] = value;
      });
      return;
    }
    this.assemble(token, (value) => this.emit(value, false));
  }

  private assemble(token: Token, deliver: (value: unknown) => void): void {
    this.deliver = deliver;
    this.assembler.consume(token);
    if (this.assembler.done) this.complete();
  }

  private complete(): void {
    const deliver = this.deliver;
    const value = this.assembler.current;
    this.deliver = null;
    this.assembler.current = null;
    deliver?.(value);
  }

  private emit(value: unknown, whole: boolean): void {
    this.ready.push({ value, index: this.count, whole });
    this.count += 1;
  }
}
