import Markdown from 'react-markdown';
import { banner } from '../../../components/ui/tokens';
import { useNotice } from '../hooks/use-operator-content';

/** The operator's Notice over the home page, whatever the page shows: Markdown, with no raw HTML (see OperatorContent). */
export function NoticeBanner() {
  const { data: notice } = useNotice();
  if (!notice) return null;
  return (
    <div role="note" className={`${banner.info} space-y-2 [&_a]:underline`} data-testid="notice">
      <Markdown>{notice}</Markdown>
    </div>
  );
}
