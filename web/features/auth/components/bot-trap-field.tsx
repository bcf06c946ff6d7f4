interface BotTrapFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A field people never see or reach; form-filling bots do fill it, and such a submission is
 * dropped without a word. Off-screen rather than display:none, which some bots skip.
 */
export function BotTrapField({ value, onChange }: BotTrapFieldProps) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label htmlFor="signup-website">Website</label>
      <input
        id="signup-website"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
