import { NativeSelect } from '@mantine/core';
import { activeLanguage } from '@portal/shared/i18n/active';
import { isUiLanguage, LANGUAGE_OPTIONS } from '@portal/shared/i18n/languages';
import { SIGN_IN_LABELS } from '@portal/shared/sign-in-messages';
import { chooseDeviceLanguage } from '../../../app/language';

/**
 * The sign-in page's language, before anyone has signed in (decision 40): the browser's at first,
 * then the one chosen here, kept on this device. Each language is named in its own script.
 */
export function LanguageSwitcher() {
  return (
    <NativeSelect
      aria-label={SIGN_IN_LABELS.language}
      data={LANGUAGE_OPTIONS}
      value={activeLanguage()}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isUiLanguage(language)) void chooseDeviceLanguage(language);
      }}
      size="xs"
      w={120}
    />
  );
}
