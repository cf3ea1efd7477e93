import '@mantine/core/styles/RadioCard.css';
import { Center, Radio, SimpleGrid, Text } from '@mantine/core';
import { SUBJECT_LOGOS, type SubjectLogo as SubjectLogoKey } from '@portal/shared/constants';
import { LABELS } from '@portal/shared/messages';
import { SUBJECT_LOGO_LOOKS, SubjectLogo } from '../../../components/SubjectLogo';

interface LogoPickerProps {
  value: SubjectLogoKey | null;
  onChange: (logo: SubjectLogoKey) => void;
  withAsterisk?: boolean;
}

/** Every subject logo as a choosable card with its icon and name. */
export function LogoPicker({ value, onChange, withAsterisk }: LogoPickerProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(logo) => onChange(logo as SubjectLogoKey)}
      label={LABELS.fieldLogo}
      withAsterisk={withAsterisk}
    >
      <SimpleGrid mt={6} cols={{ base: 4, xs: 5 }} spacing={6} verticalSpacing={6}>
        {SUBJECT_LOGOS.map((logo) => {
          const checked = value === logo;
          return (
            <Radio.Card
              key={logo}
              value={logo}
              radius="md"
              p={6}
              aria-label={SUBJECT_LOGO_LOOKS[logo].label}
              style={{
                textAlign: 'center',
                borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                background: checked ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Center>
                <SubjectLogo logo={logo} size={32} />
              </Center>
              <Text size="xs" mt={4} lineClamp={1}>
                {SUBJECT_LOGO_LOOKS[logo].label}
              </Text>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
