// The app page of the real-browser test: exposes the client factory to the test.
import { createFrameClient } from '../../client/createFrameClient.ts'

Object.assign(window, { foyerTest: { createFrameClient } })
