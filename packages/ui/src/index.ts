export { tokens, tokensToCss, cssVar, type Tokens } from './tokens.ts';
export { uiCss, baseCss, ensureStyles, injectCss, STYLE_ELEMENT_ID } from './styles.ts';
export { uiStrings } from './strings.ts';
export { isSendEnter, type EnterKeyEvent } from './keyboard.ts';
export { BUY_POINTS_PATH, useOfferToBuy } from './buy-points.ts';
export { AppFrame } from './components/AppFrame.tsx';
export { Button, type ButtonProps, type ButtonVariant } from './components/Button.tsx';
export { IconButton, type IconButtonProps } from './components/IconButton.tsx';
export { ErrorLine } from './components/ErrorLine.tsx';
export { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from './components/TextField.tsx';
export { useFormFields } from './components/useFormFields.ts';
export { Checkbox, type CheckboxProps } from './components/Checkbox.tsx';
export { Popup, ConfirmDialog, type PopupProps, type ConfirmDialogProps } from './components/Popup.tsx';
export {
  PopupProvider,
  usePopup,
  type PopupApi,
  type AlertOptions,
  type ConfirmOptions,
} from './components/PopupProvider.tsx';
export { BottomSheet, type BottomSheetProps } from './components/BottomSheet.tsx';
export { Loader, Skeleton, type LoaderProps, type SkeletonProps } from './components/Loader.tsx';
export { OfflineBanner } from './components/OfflineBanner.tsx';
export { useOnlineStatus } from './components/useOnlineStatus.ts';
export { Header, type HeaderProps } from './components/Header.tsx';
export {
  BottomNav,
  NAV_TABS,
  formatBadge,
  activeTabFor,
  type BottomNavProps,
  type NavTab,
  type NavTabId,
} from './components/BottomNav.tsx';
export { EmptyState, type EmptyStateProps } from './components/EmptyState.tsx';
export { LinkedText } from './components/LinkedText.tsx';
export { SnsLinks } from './components/SnsLinks.tsx';
export { Logo, type LogoProps } from './components/Logo.tsx';
export * from './components/icons.tsx';
export { Slider, type SliderProps } from './components/Slider.tsx';
export { Toggle, type ToggleProps } from './components/Toggle.tsx';
export {
  SelectField,
  ChoiceSheet,
  type SelectFieldProps,
  type SelectOption,
  type ChoiceSheetProps,
} from './components/SelectField.tsx';
export {
  ChipGroup,
  RatingPicker,
  type ChipGroupProps,
  type ChipOption,
  type RatingPickerProps,
} from './components/ChipGroup.tsx';
export {
  Avatar,
  AvatarGrid,
  type AvatarProps,
  type AvatarGridProps,
  type AvatarGridOption,
} from './components/Avatar.tsx';
export { LimitedTextArea, type LimitedTextAreaProps } from './components/LimitedTextArea.tsx';
export { ListRow, type ListRowProps } from './components/ListRow.tsx';
export { ExpertMark } from './components/ExpertMark.tsx';
export { ImageCropDialog, type ImageCropDialogProps } from './components/ImageCropDialog.tsx';
export { nextLimitedText, isOverLimit, textLength } from './text-limit.ts';
export {
  clampCrop,
  cropRect,
  fitWithin,
  initialCrop,
  maxZoom,
  panCrop,
  viewTransform,
  type CropRect,
  type CropState,
} from './crop.ts';
export * from './links.ts';
export {
  voiceParams,
  DEFAULT_VOICE_SETTINGS,
  NEUTRAL_VOICE_SETTINGS,
  type VoiceSettings,
  type VoiceParams,
} from './audio/voice-params.ts';
export { createVoiceChanger, loadVoiceWorklet, type VoiceChanger } from './audio/voice-changer.ts';
