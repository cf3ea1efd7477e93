import { Avatar } from '@mantine/core';
import { SUBJECT_LOGOS, type SubjectLogo as SubjectLogoKey } from '@portal/shared/constants';
import { LABELS } from '@portal/shared/messages';
import {
  type Icon,
  IconAbc,
  IconAlphabetDevanagari,
  IconAtom,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconBuildingMonument,
  IconCalculator,
  IconChartLine,
  IconDeviceDesktop,
  IconDna,
  IconFeather,
  IconFlask,
  IconLeaf,
  IconMathFunction,
  IconMicroscope,
  IconMusic,
  IconPalette,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';

interface LogoLook {
  icon: Icon;
  /** A CSS colour: the icon in it on a 10% tint of it. */
  color: string;
  label: string;
}

/** Every subject logo key (decision 9) drawn as its own icon and colour. */
export const SUBJECT_LOGO_LOOKS: Record<SubjectLogoKey, LogoLook> = {
  physics: { icon: IconAtom, color: '#4263eb', label: LABELS.logoPhysics },
  chemistry: { icon: IconFlask, color: '#ae3ec9', label: LABELS.logoChemistry },
  maths: { icon: IconMathFunction, color: '#1c7ed6', label: LABELS.logoMaths },
  biology: { icon: IconDna, color: '#2f9e44', label: LABELS.logoBiology },
  science: { icon: IconMicroscope, color: '#1098ad', label: LABELS.logoScience },
  english: { icon: IconAbc, color: '#e03131', label: LABELS.logoEnglish },
  hindi: { icon: IconAlphabetDevanagari, color: '#f76707', label: LABELS.logoHindi },
  sanskrit: { icon: IconFeather, color: '#f08c00', label: LABELS.logoSanskrit },
  history: { icon: IconBuildingMonument, color: '#a61e4d', label: LABELS.logoHistory },
  geography: { icon: IconWorld, color: '#0ca678', label: LABELS.logoGeography },
  civics: { icon: IconBuildingBank, color: '#7048e8', label: LABELS.logoCivics },
  economics: { icon: IconChartLine, color: '#74b816', label: LABELS.logoEconomics },
  social: { icon: IconUsersGroup, color: '#d6336c', label: LABELS.logoSocial },
  computer: { icon: IconDeviceDesktop, color: '#343a40', label: LABELS.logoComputer },
  accountancy: { icon: IconCalculator, color: '#8d6e63', label: LABELS.logoAccountancy },
  business: { icon: IconBriefcase, color: '#1864ab', label: LABELS.logoBusiness },
  evs: { icon: IconLeaf, color: '#5c940d', label: LABELS.logoEvs },
  art: { icon: IconPalette, color: '#f06595', label: LABELS.logoArt },
  music: { icon: IconMusic, color: '#9c36b5', label: LABELS.logoMusic },
  others: { icon: IconBook, color: '#868e96', label: LABELS.logoOthers },
};

/** The look of a logo key; an unknown key (e.g. from older data) falls back to 'others'. */
export function subjectLogoLook(logo: string | null | undefined): LogoLook {
  return (SUBJECT_LOGOS as readonly string[]).includes(logo ?? '')
    ? SUBJECT_LOGO_LOOKS[logo as SubjectLogoKey]
    : SUBJECT_LOGO_LOOKS.others;
}

export interface SubjectLogoProps {
  logo: string | null | undefined;
  /** An uploaded or linked image; when it cannot be loaded the icon shows instead. */
  url?: string | null;
  size?: number;
}

/** A subject's logo: its image when one is set and loads, otherwise the icon of its logo key. */
export function SubjectLogo({ logo, url, size = 48 }: SubjectLogoProps) {
  const look = subjectLogoLook(logo);
  const Glyph = look.icon;
  // Avatar renders its children when `src` is missing or fails to load.
  return (
    <Avatar
      src={url || null}
      alt={look.label}
      title={look.label}
      size={size}
      radius="md"
      color={look.color}
      variant="light"
    >
      <Glyph size={Math.round(size * 0.6)} stroke={1.6} aria-label={look.label} role="img" />
    </Avatar>
  );
}
