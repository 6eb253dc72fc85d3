import { INDUSTRIES } from '@app/shared';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Field, fieldA11y, NativeSelect } from '../components/field';
import type { StepProps } from './step-props';

/** Step 2: Business Foundation. */
export function StepFoundation({ data, errors, update }: StepProps) {
  return (
    <div className="space-y-5">
      <StepHeading title="Business Foundation" text="Tell us about your business and why it exists." />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="ob-business-name" label="Business name" error={errors.businessName}>
          <Input
            {...fieldA11y('ob-business-name', errors.businessName)}
            value={data.businessName}
            onChange={(e) => update('businessName', e.target.value)}
            autoComplete="organization"
          />
        </Field>
        <Field id="ob-industry" label="Industry" error={errors.industry}>
          <NativeSelect
            {...fieldA11y('ob-industry', errors.industry)}
            value={data.industry}
            onChange={(e) => update('industry', e.target.value)}
          >
            <option value="">Select your industry</option>
            {INDUSTRIES.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id="ob-story" label="Why did you start your business?">
        <Textarea id="ob-story" rows={3} value={data.businessStory} onChange={(e) => update('businessStory', e.target.value)} />
      </Field>
      <Field id="ob-problem" label="What problem do you solve?" error={errors.problemSolving}>
        <Textarea
          {...fieldA11y('ob-problem', errors.problemSolving)}
          rows={3}
          value={data.problemSolving}
          onChange={(e) => update('problemSolving', e.target.value)}
        />
      </Field>
      <Field id="ob-product" label="What is your product or service?">
        <Textarea id="ob-product" rows={3} value={data.productService} onChange={(e) => update('productService', e.target.value)} />
      </Field>
    </div>
  );
}

export function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <div className="space-y-1">
      <h2 className="text-xl font-bold sm:text-2xl">{title}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
