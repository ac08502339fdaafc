// A step of the signed-in part's load (../signed-in-loader.ts): the Mantine parts of the signed-in shell
// (app/shell, AccountModals) that the sign-in page does not use.
export { AppShell, Avatar, Burger, Indicator, Menu, Modal, NavLink, Popover, Table, ThemeIcon, Tooltip } from '@mantine/core'
