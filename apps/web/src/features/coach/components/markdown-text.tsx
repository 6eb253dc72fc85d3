import { lazy, Suspense } from 'react';

// The Markdown renderer is its own chunk: it loads with the first reply, never with the landing page.
const Markdown = lazy(() => import('./markdown'));

/** A reply's text as sanitised Markdown; plain text until the renderer has loaded. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}
