/** Tailwind class groups, named once and reused by every component. */
export const button = {
  base: 'inline-flex shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition disabled:opacity-50',
  variant: {
    primary: 'bg-indigo-600 text-white hover:bg-indigo-500',
    ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
    danger: 'bg-rose-600 text-white hover:bg-rose-500',
    outline: 'border border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
  },
} as const;

export const input = {
  base: 'w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm outline-none focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900',
  label: 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300',
} as const;

export const card = 'min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** `wrap` scrolls a wide table inside its box; give it tabIndex 0 so the keyboard can scroll it too. */
export const table = {
  wrap: 'overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800',
  table: 'min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800',
  head: 'bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-900 dark:text-slate-400',
  cell: 'whitespace-nowrap px-3 py-2',
  body: 'divide-y divide-slate-100 dark:divide-slate-800',
  row: 'hover:bg-slate-50 dark:hover:bg-slate-900/60',
} as const;

export const tag = {
  base: 'inline-flex rounded px-2 py-0.5 text-xs font-medium',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300',
  red: 'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-300',
  orange: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-300',
  grey: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  blue: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-300',
  lime: 'bg-lime-100 text-lime-800 dark:bg-lime-900/50 dark:text-lime-300',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/50 dark:text-yellow-300',
} as const;

export const dialog = {
  backdrop: 'fixed inset-0 bg-black/40',
  frame: 'fixed inset-0 flex items-center justify-center p-4',
  panel: 'w-full max-w-lg rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900',
  sideFrame: { right: 'fixed inset-0 flex justify-end', left: 'fixed inset-0 flex justify-start' },
  sidePanel: 'h-full w-full max-w-md overflow-y-auto bg-white p-5 shadow-xl dark:bg-slate-900',
  title: 'mb-4 text-lg font-semibold',
} as const;

export const menu = {
  items: 'z-50 mt-1 min-w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900',
  item: 'block w-full rounded px-3 py-1.5 text-left text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-800',
} as const;

export const banner = {
  warning: 'rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
  info: 'rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200',
} as const;
