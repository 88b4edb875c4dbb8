import { useStatus } from '../../features/status/use-status';

/** The operator's footer HTML when set (option Footer), else the product name. */
export function Footer() {
  const { data: status } = useStatus();
  if (status?.footer_html) {
    return <footer className="px-4 py-3 text-center text-xs text-slate-500" dangerouslySetInnerHTML={{ __html: status.footer_html }} />;
  }
  return <footer className="px-4 py-3 text-center text-xs text-slate-500">{status?.system_name ?? 'Tollgate'} · Tollgate</footer>;
}
