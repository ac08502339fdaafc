/*
 * Mantine's styles for what the public pages draw (sign-in, registration, password reset, activation, 404),
 * per component as Mantine's docs allow, instead of all of @mantine/core/styles.css: /login's render-blocking
 * CSS goes from 36 to ~13 kB gzip. The full stylesheet comes with the signed-in part (AppRoot.tsx); the
 * notifications' with their host (NotificationsHost.tsx). Dependencies first (UnstyledButton before Button,
 * Input before PasswordInput), as Mantine's docs order them.
 */
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Title.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/ThemeIcon.css'
import '@mantine/core/styles/Alert.css'
import './reduced-motion.css'
import './shell/shell-frame.css'
