import { Button } from '../../../components/ui/button';

/** A row of preset buttons under a form field (quota, expiry, count shortcuts). */
export function Shortcuts<V>({ options, disabled, onPick }: { options: readonly { label: string; value: V }[]; disabled?: boolean; onPick(value: V): void }) {
  return (
    <div className="flex flex-wrap gap-1">
      {options.map((option) => (
        <Button key={option.label} variant="outline" className="px-2 py-0.5 text-xs" disabled={disabled} onClick={() => onPick(option.value)}>
          {option.label}
        </Button>
      ))}
    </div>
  );
}
