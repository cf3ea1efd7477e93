import { Avatar, Button, Group, Input, Stack } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { FileUploader } from '../../../components/upload/FileUploader';

interface AvatarFieldProps {
  /** The stored picture's URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}

/** The optional faculty picture: uploaded at once through the portal's storage, with a preview. */
export function AvatarField({ value, onChange, onBusyChange, error }: AvatarFieldProps) {
  return (
    <Input.Wrapper label={LABELS.fieldAvatar} error={error}>
      <Group gap="md" align="center" mt={4} wrap="nowrap">
        <Avatar src={value} alt={LABELS.fieldAvatar} size={56} radius="xl" />
        <Stack gap={4}>
          <FileUploader
            label={LABELS.chooseAvatar}
            accept="image/png,image/jpeg,image/gif,image/webp"
            leftSection={<IconPhoto size={16} />}
            onUploaded={(file) => onChange(file.publicUrl)}
            onBusyChange={onBusyChange}
          />
          {value && (
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconX size={14} />}
              onClick={() => onChange(null)}
              w="fit-content"
            >
              {LABELS.removeAvatar}
            </Button>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
