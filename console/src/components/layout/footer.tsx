import { useStatus } from '../../features/status/hooks/use-status';

const footerClass = 'border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-500 dark:text-slate-400 dark:border-slate-800';

/** The operator's footer HTML when set (option Footer, trusted admin content), else the product name and version. */
export function Footer() {
  const { data: status } = useStatus();
  if (status?.footer_html) {
    return <footer data-testid="footer" className={footerClass} dangerouslySetInnerHTML={{ __html: status.footer_html }} />;
  }
  return (
    <footer data-testid="footer" className={footerClass}>
      {status?.system_name || 'Tollgate'} {status?.version ?? ''} · Tollgate
    </footer>
  );
}
