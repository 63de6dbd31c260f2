import { Text, Title } from '@mantine/core';

interface FormHeadingProps {
  title: string;
  subtitle: string;
  /** Heading size: the sign-in card uses 26, the end-user pages 24 or 22. */
  fz: number;
}

/** The title and one dimmed line above a sign-in or reset form. */
export function FormHeading({ title, subtitle, fz }: FormHeadingProps) {
  return (
    <div>
      <Title order={2} fz={fz}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={6}>
        {subtitle}
      </Text>
    </div>
  );
}
