import { NativeSelect } from '@mantine/core';
import { isUiLanguage, LANGUAGE_OPTIONS, type UiLanguage } from '@portal/shared/i18n/languages';
import { LABELS } from '@portal/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api';
import { updateAccount, useRequiredAccount } from '../../../lib/session';

/**
 * The person's language, for every role (decision 40): saved on the account, so every device, e-mail
 * and document follows it; the page is shown in it at once (app/language.ts), still signed in.
 */
export function LanguagePicker() {
  const account = useRequiredAccount();
  const save = useMutation({
    mutationFn: (language: UiLanguage) =>
      api<{ language: UiLanguage }>('/users/me/language', { method: 'PATCH', body: { language } }),
    onSuccess: ({ language }) => updateAccount({ language }),
  });
  return (
    <NativeSelect
      label={LABELS.language}
      description={LABELS.languageHint}
      data={LANGUAGE_OPTIONS}
      value={save.variables ?? account.language}
      disabled={save.isPending}
      error={save.isError ? errorMessage(save.error) : undefined}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isUiLanguage(language)) save.mutate(language);
      }}
      maw={320}
    />
  );
}
