import Markdown from 'react-markdown';

const isUrl = (text: string) => /^https?:\/\/\S+$/.test(text.trim());

/**
 * Content an operator set (home page, about): a URL is shown in a frame, anything else is
 * rendered as Markdown. react-markdown renders no raw HTML, so what the operator typed cannot
 * run script in the console.
 */
export function OperatorContent({ content, title }: { content: string; title: string }) {
  if (isUrl(content)) return <iframe title={title} src={content.trim()} className="h-[80vh] w-full rounded border-0" data-testid="operator-frame" />;
  return (
    <article className="space-y-3 leading-relaxed [&_a]:text-indigo-600 dark:[&_a]:text-indigo-400 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:pl-6" data-testid="operator-content">
      <Markdown>{content}</Markdown>
    </article>
  );
}
