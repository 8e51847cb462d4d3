// The default texts, apart from the component: the console's language sets import them without the component's code.
/** The visible string of MarkdownText (key `markdownText` in `ConsoleMessagesProvider`). */
export interface MarkdownTextMessages {
  empty: string;
}

export const MARKDOWN_TEXT_MESSAGES: MarkdownTextMessages = { empty: 'Nothing yet.' };
