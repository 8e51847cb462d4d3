import type { ReactNode } from 'react';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { MARKDOWN_TEXT_MESSAGES, type MarkdownTextMessages } from './messages.js';
export { MARKDOWN_TEXT_MESSAGES, type MarkdownTextMessages } from './messages.js';

export interface MarkdownTextProps {
  /** Markdown text, e.g. a language model's answer; may be incomplete while it streams. */
  text: string;
  /** Still arriving: a caret after the text and `aria-busy`. */
  streaming?: boolean;
  /** Shown when the text is empty and nothing is arriving (default `messages.empty`). */
  emptyText?: string;
  className?: string;
  messages?: Partial<MarkdownTextMessages>;
}

type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'paragraph'; text: string };

/** Splits markdown into blocks: headings, lists, fenced code and paragraphs (what answers use). */
export function parseMarkdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !lines[index]!.startsWith('```')) code.push(lines[(index += 1) - 1]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      // One level down: an answer sits under the page's h1 and its section's h2 (## becomes h3).
      const level = Math.min(Math.max(heading[1]!.length + 1, 2), 4) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, text: heading[2]! });
      continue;
    }
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item[3]!);
      else blocks.push({ kind: 'list', ordered, items: [item[3]!] });
      continue;
    }
    if (line.trim() === '') flush();
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Bold, italic and inline code as elements; everything else, HTML included, stays text. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith('`')) out.push(<code key={key++}>{token.slice(1, -1)}</code>);
    else if (token.startsWith('**') || token.startsWith('__'))
      out.push(<strong key={key++}>{token.slice(2, -2)}</strong>);
    else out.push(<em key={key++}>{token.slice(1, -1)}</em>);
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * A static sheet, not styled-components: an answer shown alone ships no styled-components for it. Each rule as
 * specific as the styled one was (the root's class before the element); lists indent at the line's start, which is
 * the right in right-to-left text.
 */
const MARKDOWN_TEXT_CSS = `.cui-markdown-text {
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  line-height: 1.5;
  overflow-wrap: anywhere;
}
.cui-markdown-text h2,
.cui-markdown-text h3,
.cui-markdown-text h4 {
  margin: ${t.space3} 0 ${t.space1};
  font-size: ${t.fontSizeLg};
}
.cui-markdown-text h3,
.cui-markdown-text h4 {
  font-size: ${t.fontSizeMd};
}
.cui-markdown-text p,
.cui-markdown-text ul,
.cui-markdown-text ol {
  margin: 0 0 ${t.space2};
}
.cui-markdown-text ul,
.cui-markdown-text ol {
  padding-inline-start: ${t.space6};
}
.cui-markdown-text code {
  font-family: ui-monospace, monospace;
  font-size: 0.9em;
  background: ${t.colorBg};
  border-radius: ${t.radiusSm};
  padding: 0 0.2em;
}
.cui-markdown-text pre {
  background: ${t.colorBg};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  padding: ${t.space2};
  overflow-x: auto;
}
.cui-markdown-text pre code {
  background: none;
  padding: 0;
}
.cui-markdown-text .cui-markdown-text__empty {
  color: ${t.colorTextMuted};
}
.cui-markdown-text .cui-markdown-text__caret {
  display: inline-block;
  width: 0.5em;
  height: 1em;
  vertical-align: text-bottom;
  background: ${t.colorPrimary};
}`;

/**
 * Markdown rendered safely: built as React elements (never `innerHTML`), so HTML in the text is shown as text and
 * no link or script can be injected. Covers headings, lists, fenced code, bold, italic and inline code.
 *
 * @example
 * ```tsx
 * <MarkdownText text={insight.answer} streaming={status === 'running'} />
 * ```
 */
export function MarkdownText({ text, streaming = false, emptyText, className, messages }: MarkdownTextProps) {
  useStaticStyles('markdown-text', MARKDOWN_TEXT_CSS);
  const m = useMessages('markdownText', MARKDOWN_TEXT_MESSAGES, messages);
  const blocks = parseMarkdownBlocks(text);
  const state = streaming ? 'streaming' : blocks.length === 0 ? 'empty' : 'ready';
  return (
    <div
      className={['cui-markdown-text', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-busy={streaming}
    >
      {state === 'empty' ? <p className="cui-markdown-text__empty">{emptyText ?? m.empty}</p> : null}
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = `h${block.level}` as const;
            return <Heading key={index}>{inline(block.text)}</Heading>;
          }
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </List>
            );
          }
          case 'code':
            return (
              <pre key={index}>
                <code>{block.text}</code>
              </pre>
            );
          default:
            return <p key={index}>{inline(block.text)}</p>;
        }
      })}
      {streaming ? <span className="cui-markdown-text__caret" aria-hidden="true" /> : null}
    </div>
  );
}
