import { Field, Label, Switch as HeadlessSwitch } from '@headlessui/react';

export function Switch({ checked, onChange, label }: { checked: boolean; onChange(value: boolean): void; label: string }) {
  return (
    <Field className="flex items-center gap-2">
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-5 w-9 items-center rounded-full bg-slate-300 transition data-checked:bg-indigo-600 dark:bg-slate-700"
      >
        <span className="inline-block size-4 translate-x-0.5 rounded-full bg-white transition group-data-checked:translate-x-4" />
      </HeadlessSwitch>
      <Label className="text-sm">{label}</Label>
    </Field>
  );
}
