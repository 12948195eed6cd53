// GoGuiCheck.java -- check igo's GoGui integration with GoGui's own classes.
//
// Starts the engine through net.sf.gogui.gtp.GtpClient, sets up a position with
// GtpSynchronizer (as the GoGui window does), reads gogui-analyze_commands with
// AnalyzeDefinition.read, runs every announced command with its wildcards filled in
// by AnalyzeCommand.replaceWildCards and hands the response to AnalyzeShow.show on
// a real (headless) GuiBoard -- the code path of GoGui.analyzeBegin/analyzeContinue.
// Live graphics on standard error go through GoGui's LineReader and LiveGfx, as in
// GoGui.attachNewProgram, and are drawn with AnalyzeShow.showGfx.
//
// GoGui ignores some malformed input silently (unknown gfx words, bad points,
// clamped influence values); those are reported as WARN by extra checks written
// from GoGui's sources and its manual (doc/manual/xml/analyze.xml).
//
// Build and run: see README.md in this directory.

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.swing.SwingUtilities;
import net.sf.gogui.boardpainter.ConstField;
import net.sf.gogui.go.Board;
import net.sf.gogui.go.ConstBoard;
import net.sf.gogui.go.GoColor;
import net.sf.gogui.go.GoPoint;
import net.sf.gogui.go.InvalidPointException;
import net.sf.gogui.go.Komi;
import net.sf.gogui.go.Move;
import net.sf.gogui.go.PointList;
import net.sf.gogui.gtp.AnalyzeCommand;
import net.sf.gogui.gtp.AnalyzeDefinition;
import net.sf.gogui.gtp.AnalyzeType;
import net.sf.gogui.gtp.AnalyzeUtil;
import net.sf.gogui.gtp.BoardParameters;
import net.sf.gogui.gtp.GtpClient;
import net.sf.gogui.gtp.GtpClientUtil;
import net.sf.gogui.gtp.GtpError;
import net.sf.gogui.gtp.GtpResponseFormatError;
import net.sf.gogui.gtp.GtpSynchronizer;
import net.sf.gogui.gtp.GtpUtil;
import net.sf.gogui.gui.AnalyzeShow;
import net.sf.gogui.gui.GuiBoard;
import net.sf.gogui.gui.GuiBoardUtil;
import net.sf.gogui.gui.LiveGfx;
import net.sf.gogui.gui.StatusBar;
import net.sf.gogui.util.LineReader;
import net.sf.gogui.util.StringUtil;
import static net.sf.gogui.go.GoColor.BLACK;
import static net.sf.gogui.go.GoColor.EMPTY;
import static net.sf.gogui.go.GoColor.WHITE;

public final class GoGuiCheck
{
    static final String DEFAULT_PROGRAM =
        "nice -n 19 .venv/bin/igo gtp --playouts 300 --threads 1";

    /** Moves of the test position, Black first. */
    static final String[] MOVES =
        { "E5", "E3", "C4", "G5", "D3", "F4", "C7", "B8" };

    static final int SIZE = 9;

    /** Prefix of cosmetic findings (status stays OK). */
    static final String NOTE = "note: ";

    static final double KOMI = 7;

    /** Result of one checked command. */
    static final class Row
    {
        String label;
        String type;
        String sent;
        String status = "OK";   // OK, WARN, FAIL
        final List<String> notes = new ArrayList<String>();
        String shown = "";

        void warn(String s)
        {
            if (s.startsWith(NOTE))
            {
                notes.add(s);
                return;
            }
            if (status.equals("OK"))
                status = "WARN";
            notes.add(s);
        }

        void fail(String s)
        {
            status = "FAIL";
            notes.add(s);
        }
    }

    static final List<Row> rows = new ArrayList<Row>();

    static final List<String> sentCommands =
        Collections.synchronizedList(new ArrayList<String>());

    static final List<String> invalidResponses =
        Collections.synchronizedList(new ArrayList<String>());

    static final List<String> otherStderr =
        Collections.synchronizedList(new ArrayList<String>());

    /** Texts passed by LiveGfx to its listener (one per gogui-gfx block). */
    static final List<String> liveTexts =
        Collections.synchronizedList(new ArrayList<String>());

    static final List<String> liveProblems =
        Collections.synchronizedList(new ArrayList<String>());

    static volatile int liveLines;

    static volatile int liveShownLabels;

    static volatile int liveShownInfluence;

    static volatile Board board;

    /** Position the live graphics refer to (the one being searched). */
    static volatile Board liveBoard;

    static boolean verbose;

    public static void main(String[] args) throws Exception
    {
        System.setProperty("java.awt.headless", "true");
        String program = DEFAULT_PROGRAM;
        boolean autoNumber = false;
        int livePlayouts = 20000;
        String liveProgram =
            "nice -n 19 .venv/bin/igo gtp --playouts 20000 --threads 1";
        for (int i = 0; i < args.length; ++i)
        {
            if (args[i].equals("-program"))
                program = args[++i];
            else if (args[i].equals("-auto-number"))
                autoNumber = true;
            else if (args[i].equals("-live-playouts"))
                livePlayouts = Integer.parseInt(args[++i]);
            else if (args[i].equals("-live-program"))
                liveProgram = args[++i];
            else if (args[i].equals("-no-live-program"))
                liveProgram = null;
            else if (args[i].equals("-verbose"))
                verbose = true;
            else
            {
                System.err.println("usage: GoGuiCheck [-program CMD]"
                                   + " [-auto-number] [-live-playouts N]"
                                   + " [-live-program CMD | -no-live-program]"
                                   + " [-verbose]");
                System.exit(2);
            }
        }
        System.out.println("program: " + program
                           + (autoNumber ? " (auto-numbered commands)" : ""));

        // --- attach, as GoGui.attachNewProgram does
        GtpClient.IOCallback callback = newCallback();
        GtpClient gtp = new GtpClient(program, null, verbose, callback);
        gtp.setAutoNumber(autoNumber);
        gtp.queryName();
        gtp.queryProtocolVersion();
        String version = gtp.queryVersion();
        gtp.querySupportedCommands();
        gtp.queryInterruptSupport();
        System.out.println("name: " + gtp.getName() + ", version: " + version
                           + ", protocol " + gtp.getProtocolVersion()
                           + ", " + gtp.getSupportedCommands().size()
                           + " commands, interrupt "
                           + (gtp.isInterruptSupported() ? "yes" : "no"));

        // --- position, sent with GtpSynchronizer as GoGui does
        BoardParameters parameters = new BoardParameters(SIZE);
        board = new Board(parameters);
        GoColor c = BLACK;
        for (String m : MOVES)
        {
            board.play(Move.get(c, GoPoint.parsePoint(m, SIZE)));
            c = c.otherColor();
        }
        liveBoard = copy(board);
        Komi komi = new Komi(KOMI);
        GtpSynchronizer sync = new GtpSynchronizer(gtp, null, false);
        int first = sentCommands.size();
        sync.init(board, komi, null);
        System.out.println("setup sent by GtpSynchronizer: "
                           + String.join(" | ", sentCommands.subList(
                                 first, sentCommands.size())));

        // --- analyze commands, as GoGui reads them after attaching
        String programAnalyzeCommands = GtpClientUtil.getAnalyzeCommands(gtp);
        if (programAnalyzeCommands == null)
            throw new Exception("gogui-analyze_commands not supported or failed");
        ArrayList<AnalyzeDefinition> definitions =
            AnalyzeDefinition.read(gtp.getSupportedCommands(), null,
                                   programAnalyzeCommands);
        checkDefinitionLines(programAnalyzeCommands, definitions, gtp);
        System.out.println("gogui-analyze_commands: " + definitions.size()
                           + " definitions parsed by AnalyzeDefinition.read");

        AnalyzeDefinition paramDefinition = null;
        for (AnalyzeDefinition definition : definitions)
        {
            if (definition.getType() == AnalyzeType.PARAM
                && paramDefinition == null)
                paramDefinition = definition;
            rows.add(runAnalyze(gtp, sync, komi, definition));
        }

        // --- live graphics during genmove and during a search view
        runLive(gtp, sync, komi, paramDefinition, definitions, livePlayouts,
                liveProgram);

        gtp.send("quit");
        gtp.close();
        gtp.waitForExit();

        // --- report
        printTable();
        if (! invalidResponses.isEmpty())
            System.out.println("\ninvalid response lines on stdout (GtpClient"
                               + " receivedInvalidResponse): "
                               + invalidResponses);
        if (! otherStderr.isEmpty())
            System.out.println("\nother stderr lines: " + otherStderr.size()
                               + ", first: " + otherStderr.get(0));
        boolean ok = invalidResponses.isEmpty();
        for (Row row : rows)
            ok &= ! row.status.equals("FAIL");
        System.out.println("\nresult: " + (ok ? "no GoGui parse failures"
                                           : "FAILURES"));
        System.exit(ok ? 0 : 1);
    }

    /** The IO callback of GoGui.attachNewProgram: standard error goes through
        a LineReader into LiveGfx, invalid stdout lines are recorded. */
    static GtpClient.IOCallback newCallback()
    {
        return new GtpClient.IOCallback()
        {
            public void receivedInvalidResponse(String s)
            {
                invalidResponses.add(s);
            }

            public void receivedResponse(boolean error, String s)
            {
            }

            public synchronized void receivedStdErr(String s)
            {
                m_lineReader.add(s);
                while (m_lineReader.hasLines())
                {
                    String line = m_lineReader.getLine();
                    if (m_liveGfx.handleLine(line))
                        ++liveLines;
                    else if (! line.trim().isEmpty())
                        otherStderr.add(line.trim());
                }
            }

            public void sentCommand(String s)
            {
                sentCommands.add(s);
            }

            private final LineReader m_lineReader = new LineReader();

            private final LiveGfx m_liveGfx =
                new LiveGfx(GoGuiCheck::showLiveGfx);
        };
    }

    /** Lines of gogui-analyze_commands that AnalyzeDefinition.read drops
        silently or maps to an unknown type. */
    static void checkDefinitionLines(String response,
                                     ArrayList<AnalyzeDefinition> definitions,
                                     GtpClient gtp)
    {
        String[] known = { "bwboard", "cboard", "dboard", "eplist", "gfx",
                           "hstring", "hpstring", "none", "param", "plist",
                           "pspairs", "pstring", "string", "sboard", "var",
                           "varb", "varc", "varp", "varpo", "varw" };
        int n = 0;
        for (String line : response.split("\n"))
        {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#"))
                continue;
            ++n;
            String type = line.split("/")[0];
            boolean isKnown = false;
            for (String k : known)
                isKnown |= k.equals(type);
            if (! isKnown)
                System.out.println("WARN unknown analyze type (GoGui shows"
                                   + " nothing): " + line);
            String[] words = StringUtil.splitArguments(line.split("/")[2]);
            if (words.length == 0 || ! gtp.isSupported(words[0]))
                System.out.println("WARN analyze command not in"
                                   + " list_commands: " + line);
        }
        if (n != definitions.size())
            System.out.println("WARN " + n + " lines but " + definitions.size()
                               + " definitions (duplicate labels dropped)");
    }

    /** One analyze command, as GoGui.analyzeBegin and analyzeContinue. */
    static Row runAnalyze(GtpClient gtp, GtpSynchronizer sync, Komi komi,
                          AnalyzeDefinition definition) throws Exception
    {
        Row row = new Row();
        row.label = definition.getLabel();
        row.type = definition.getType().toString().toLowerCase(Locale.ENGLISH);
        AnalyzeCommand command = new AnalyzeCommand(definition);
        // Arguments the user would pick in the analyze dialog / on the board
        GoPoint stone = board.getLastMove().getPoint();
        if (command.needsPointArg())
            command.setPointArg(stone);
        if (command.needsPointListArg())
        {
            PointList list = new PointList();
            list.add(stone);
            command.setPointListArg(list);
        }
        if (command.needsColorArg())
            command.setColorArg(board.getToMove());
        if (command.needsStringArg())
            command.setStringArg("1");
        if (command.needsOptStringArg())
            command.setOptStringArg("");
        File tmp = File.createTempFile("gogui-check", ".sgf");
        tmp.deleteOnExit();
        if (command.needsFileArg())
            command.setFileArg(tmp);
        if (command.needsFileOpenArg())
            command.setFileOpenArg(tmp);
        if (command.needsFileSaveArg())
            command.setFileSaveArg(tmp);
        if (command.isPointArgMissing())
        {
            row.sent = "(not sent)";
            row.fail("point argument missing");
            return row;
        }
        sync.synchronize(board, komi, null);
        row.sent = command.replaceWildCards(board.getToMove());
        String response;
        try
        {
            response = gtp.send(row.sent);
        }
        catch (GtpError e)
        {
            row.fail("GTP error: " + e.getMessage());
            return row;
        }
        show(command, response, row);
        if (definition.getType() == AnalyzeType.PARAM)
            checkParam(gtp, row.sent, response, row);
        else
            strictChecks(definition.getType(), response, row);
        return row;
    }

    /** AnalyzeShow.show on a fresh GuiBoard, on the event dispatch thread. */
    static void show(AnalyzeCommand command, String response, Row row)
        throws Exception
    {
        SwingUtilities.invokeAndWait(() -> {
            GuiBoard guiBoard = new GuiBoard(board.getParameters());
            GuiBoardUtil.updateFromGoBoard(guiBoard, board, false, false);
            // GoGui.analyzeContinue passes a text buffer, so the status bar
            // is never touched by AnalyzeShow.show (AnalyzeShow.java 276-291)
            StatusBar statusBar = null;
            StringBuilder showTextBuffer = new StringBuilder(256);
            try
            {
                AnalyzeShow.show(command, guiBoard, statusBar, board,
                                 response, showTextBuffer);
                row.shown = describe(guiBoard, statusBar, showTextBuffer,
                                     command.isTextType() ? response : null);
            }
            catch (GtpResponseFormatError e)
            {
                row.fail("GtpResponseFormatError: " + e.getMessage());
            }
            catch (RuntimeException e)
            {
                row.fail(e.toString());
            }
        });
    }

    /** What GoGui has put on the board. */
    static String describe(GuiBoard guiBoard, StatusBar statusBar,
                           StringBuilder showTextBuffer, String text)
    {
        int influence = 0, labels = 0, marks = 0, squares = 0, triangles = 0,
            circles = 0, ghosts = 0, territory = 0, background = 0;
        for (int x = 0; x < SIZE; ++x)
            for (int y = 0; y < SIZE; ++y)
            {
                ConstField f = guiBoard.getFieldConst(GoPoint.get(x, y));
                if (f.isInfluenceSet()) ++influence;
                if (f.getLabel() != null && ! f.getLabel().isEmpty()) ++labels;
                if (f.getMark()) ++marks;
                if (f.getMarkSquare()) ++squares;
                if (f.getMarkTriangle()) ++triangles;
                if (f.getMarkCircle()) ++circles;
                if (f.getGhostStone() != null
                    && f.getGhostStone() != EMPTY) ++ghosts;
                if (f.getTerritory() != null
                    && f.getTerritory() != EMPTY) ++territory;
                if (f.getFieldBackground() != null) ++background;
            }
        List<String> parts = new ArrayList<String>();
        if (influence > 0) parts.add(influence + " influence");
        if (labels > 0) parts.add(labels + " labels");
        if (marks > 0) parts.add(marks + " marks");
        if (squares > 0) parts.add(squares + " squares");
        if (triangles > 0) parts.add(triangles + " triangles");
        if (circles > 0) parts.add(circles + " circles");
        if (ghosts > 0) parts.add(ghosts + " ghost stones");
        if (territory > 0) parts.add(territory + " territory");
        if (background > 0) parts.add(background + " backgrounds");
        String status = statusBar == null ? null : statusBar.getText();
        if (showTextBuffer.length() > 0)
            parts.add("text \"" + oneLine(showTextBuffer.toString()) + "\"");
        else if (status != null && ! status.isEmpty())
            parts.add("status \"" + oneLine(status) + "\"");
        else if (text != null)
            parts.add("text \"" + oneLine(text) + "\"");
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    static String oneLine(String s)
    {
        s = s.trim().replace("\n", " / ");
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    // ------------------------------------------------------------------
    // Checks of what GoGui accepts silently (see README.md)

    static void strictChecks(AnalyzeType type, String response, Row row)
    {
        switch (type)
        {
        case DBOARD:
            checkBoardRows(response, row);
            checkDoubleBoard(response, row);
            break;
        case SBOARD:
        case BWBOARD:
            checkBoardRows(response, row);
            break;
        case CBOARD:
            checkBoardRows(response, row);
            checkColorBoard(response, row);
            break;
        case GFX:
            for (String p : gfxProblems(response, board))
                row.warn(p);
            break;
        case VAR:
            checkVariation(response, board.getToMove(), row);
            break;
        case VARB:
            checkVariation(response, BLACK, row);
            break;
        case VARW:
            checkVariation(response, WHITE, row);
            break;
        case STRING:
        case HSTRING:
            if (response.trim().isEmpty())
                row.warn("empty text");
            break;
        default:
            break;
        }
    }

    /** parseStringBoard reads SIZE non-empty lines of at least SIZE words
        and ignores the rest (GtpUtil.java 199-228). */
    static void checkBoardRows(String response, Row row)
    {
        int lines = 0;
        for (String line : response.split("\n"))
        {
            if (line.trim().isEmpty())
                continue;
            ++lines;
            int words = StringUtil.splitArguments(line).length;
            if (words != SIZE)
                row.warn("line " + lines + " has " + words + " words, "
                         + SIZE + " expected (extra ones ignored)");
        }
        if (lines != SIZE)
            row.warn(lines + " lines, " + SIZE + " expected");
    }

    /** Manual, dboard: "The numbers are expected to be between -1 and 1";
        Field.setInfluence clamps to [-1, 1] (Field.java 156-163). */
    static void checkDoubleBoard(String response, Row row)
    {
        try
        {
            double[][] b = GtpUtil.parseDoubleBoard(response, SIZE);
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            int outside = 0;
            for (double[] col : b)
                for (double v : col)
                {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                    if (v < -1 || v > 1 || Double.isNaN(v))
                        ++outside;
                }
            String range = String.format(Locale.ROOT, "range [%.3f, %.3f]",
                                         min, max);
            row.shown += ", " + range;
            if (outside > 0)
                row.warn(outside + " of " + (SIZE * SIZE)
                         + " values outside [-1, 1], clamped by GoGui ("
                         + range + ")");
        }
        catch (GtpResponseFormatError e)
        {
            // already reported by AnalyzeShow.show
        }
    }

    static void checkColorBoard(String response, Row row)
    {
        try
        {
            String[][] b = GtpUtil.parseStringBoard(response, SIZE);
            for (String[] col : b)
                for (String s : col)
                    if (! s.equals("\"\"")
                        && GuiBoardUtil.getColor(s) == null)
                        row.warn("unknown color " + s);
        }
        catch (GtpResponseFormatError e)
        {
        }
    }

    /** The variation must be playable from the current position (GoGui's
        Board): empty points, no suicide, no simple ko. Tokens that are
        neither colors nor points are ignored by GtpUtil.parseVariation. */
    static void checkVariation(String response, GoColor first, Row row)
    {
        Move[] moves = GtpUtil.parseVariation(response, first, SIZE);
        int tokens = StringUtil.splitArguments(response).length;
        if (moves.length == 0)
            row.warn("no move in variation");
        if (tokens != moves.length)
            row.notes.add((tokens - moves.length)
                          + " tokens that are not moves (ignored)");
        String illegal = illegalMove(board, moves);
        if (illegal != null)
            row.warn("variation not playable: " + illegal);
    }

    static Board copy(ConstBoard position)
    {
        Board b = new Board(position.getParameters());
        for (int i = 0; i < position.getNumberMoves(); ++i)
            b.play(position.getMove(i));
        return b;
    }

    static String illegalMove(ConstBoard position, Move[] moves)
    {
        Board b = copy(position);
        for (Move m : moves)
        {
            GoPoint p = m.getPoint();
            if (p != null)
            {
                if (b.getColor(p) != EMPTY)
                    return m + " on an occupied point";
                if (b.isSuicide(m.getColor(), p))
                    return m + " is suicide";
                if (b.isKo(p) && m.getColor() == b.getToMove())
                    return m + " retakes a ko";
            }
            b.play(m);
        }
        return null;
    }

    static final String[] GFX_WORDS = { "BLACK", "CIRCLE", "CLEAR", "COLOR",
        "INFLUENCE", "LABEL", "MARK", "SQUARE", "TEXT", "TRIANGLE", "VAR",
        "WHITE" };

    /** Everything AnalyzeShow.showGfxLine and its helpers skip without an
        error (AnalyzeShow.java 252-298 and the showGfx* functions). */
    static List<String> gfxProblems(String response, ConstBoard position)
    {
        List<String> problems = new ArrayList<String>();
        int longLabels = 0;
        String longExample = null;
        for (String line : response.split("\n"))
        {
            String[] args = StringUtil.splitArguments(line);
            if (args.length == 0)
                continue;
            String cmd = args[0].toUpperCase(Locale.ENGLISH);
            boolean known = false;
            for (String w : GFX_WORDS)
                known |= w.equals(cmd);
            if (! known)
            {
                problems.add("unknown gfx command ignored: " + oneLine(line));
                continue;
            }
            if (cmd.equals("TEXT") || cmd.equals("CLEAR"))
                continue;
            if (cmd.equals("LABEL") || cmd.equals("INFLUENCE"))
            {
                if ((args.length - 1) % 2 != 0)
                    problems.add(cmd + ": odd number of arguments");
                for (int i = 1; i + 1 < args.length; i += 2)
                {
                    checkPoint(args[i], cmd, problems);
                    if (cmd.equals("INFLUENCE"))
                    {
                        try
                        {
                            double v = Double.parseDouble(args[i + 1]);
                            if (v < -1 || v > 1)
                                problems.add("INFLUENCE " + args[i] + " "
                                             + args[i + 1]
                                             + " outside [-1, 1]");
                        }
                        catch (NumberFormatException e)
                        {
                            problems.add("INFLUENCE value ignored: "
                                         + args[i + 1]);
                        }
                    }
                    else if (args[i + 1].length() > 3)
                    {
                        // GuiBoard.setLabel: "Should not be longer than 3
                        // characters to avoid clipping"
                        if (longLabels++ == 0)
                            longExample = args[i] + " " + args[i + 1];
                    }
                }
            }
            else if (cmd.equals("VAR"))
            {
                List<Move> moves = new ArrayList<Move>();
                for (int i = 1; i < args.length; i += 2)
                {
                    GoColor color;
                    if (args[i].equalsIgnoreCase("b"))
                        color = BLACK;
                    else if (args[i].equalsIgnoreCase("w"))
                        color = WHITE;
                    else
                    {
                        problems.add("VAR: rest ignored after " + args[i]);
                        break;
                    }
                    if (i + 1 >= args.length)
                    {
                        problems.add("VAR: color without point");
                        break;
                    }
                    GoPoint p = checkPoint(args[i + 1], cmd, problems);
                    moves.add(Move.get(color, p));
                }
                String illegal = illegalMove(position,
                                             moves.toArray(new Move[0]));
                if (illegal != null)
                    problems.add("VAR not playable: " + illegal);
            }
            else
            {
                int start = 1;
                if (cmd.equals("COLOR"))
                {
                    if (args.length < 2
                        || GuiBoardUtil.getColor(args[1]) == null)
                        problems.add("COLOR: unknown color");
                    start = 2;
                }
                for (int i = start; i < args.length; ++i)
                    checkPoint(args[i], cmd, problems);
            }
        }
        if (longLabels > 0)
            problems.add(NOTE + longLabels + " labels longer than 3"
                         + " characters, may be clipped (e.g. "
                         + longExample + ")");
        return problems;
    }

    static GoPoint checkPoint(String s, String cmd, List<String> problems)
    {
        try
        {
            return GoPoint.parsePoint(s, SIZE);
        }
        catch (InvalidPointException e)
        {
            problems.add(cmd + ": invalid point ignored: " + s);
            return null;
        }
    }

    /** ParameterDialog.parseResponse (AnalyzeUtil.parseParameterLine), then
        the command the dialog sends for a changed value
        (AnalyzeUtil.getParameterCommand); here the unchanged value. */
    static void checkParam(GtpClient gtp, String command, String response,
                           Row row)
    {
        int n = 0;
        for (String line : response.split("\n"))
        {
            if (line.trim().isEmpty())
                continue;
            AnalyzeUtil.Result r = AnalyzeUtil.parseParameterLine(line);
            if (r == null)
                continue;
            ++n;
            row.shown += (row.shown.isEmpty() ? "" : ", ") + r.m_type + " "
                + r.m_key + "=" + r.m_value;
            String set = AnalyzeUtil.getParameterCommand(command, r.m_key,
                                                         r.m_value);
            try
            {
                gtp.send(set);
                row.notes.add("set back: " + set);
            }
            catch (GtpError e)
            {
                row.fail("\"" + set + "\": " + e.getMessage());
            }
        }
        if (n == 0)
            row.warn("no parameter in response");
    }

    // ------------------------------------------------------------------
    // Live graphics

    /** GoGui.showLiveGfx: clear the board, redraw the position, showGfx. */
    static void showLiveGfx(String text)
    {
        liveTexts.add(text);
        GuiBoard guiBoard = new GuiBoard(liveBoard.getParameters());
        guiBoard.clearAll();
        GuiBoardUtil.updateFromGoBoard(guiBoard, liveBoard, false, false);
        // GoGui passes its status bar and no text buffer here; StatusBar
        // cannot be created headless from a build without its generated
        // PNG icons, so TEXT lines are collected in a buffer instead (the
        // only difference: statusBar.setText vs. append, AnalyzeShow.java 276-291)
        StringBuilder text2 = new StringBuilder();
        AnalyzeShow.showGfx(text, guiBoard, null, text2);
        int labels = 0, influence = 0;
        for (int x = 0; x < SIZE; ++x)
            for (int y = 0; y < SIZE; ++y)
            {
                ConstField f = guiBoard.getFieldConst(GoPoint.get(x, y));
                if (f.getLabel() != null && ! f.getLabel().isEmpty())
                    ++labels;
                if (f.isInfluenceSet()) ++influence;
            }
        liveShownLabels = Math.max(liveShownLabels, labels);
        liveShownInfluence = Math.max(liveShownInfluence, influence);
        for (String p : gfxProblems(text, liveBoard))
            liveProblems.add(p);
    }

    static void runLive(GtpClient gtp, GtpSynchronizer sync, Komi komi,
                        AnalyzeDefinition paramDefinition,
                        List<AnalyzeDefinition> definitions, int livePlayouts,
                        String liveProgram)
        throws Exception
    {
        if (paramDefinition == null)
            return;
        // ParameterDialog: bool parameter switched on -> "CMD live_gfx 1"
        String on = AnalyzeUtil.getParameterCommand(
            paramDefinition.getCommand(), "live_gfx", "1");
        String off = AnalyzeUtil.getParameterCommand(
            paramDefinition.getCommand(), "live_gfx", "0");
        gtp.send(on);
        liveGenmove(gtp, sync, komi, on, "genmove");

        // a search view with more playouts, so that blocks are written
        for (AnalyzeDefinition d : definitions)
        {
            if (d.getType() != AnalyzeType.GFX
                || ! d.getCommand().startsWith("igo-search_visits"))
                continue;
            AnalyzeCommand command = new AnalyzeCommand(d);
            Row row = new Row();
            row.label = "(live gfx) " + d.getLabel();
            row.type = "live gfx";
            sync.synchronize(board, komi, null);
            row.sent = command.replaceWildCards(board.getToMove()) + " "
                + livePlayouts;
            int before = liveTexts.size();
            int linesBefore = liveLines;
            liveBoard = copy(board);
            try
            {
                String response = gtp.send(row.sent);
                show(command, response, row);
                strictChecks(AnalyzeType.GFX, response, row);
            }
            catch (GtpError e)
            {
                row.fail(e.getMessage());
            }
            finishLive(row, before, linesBefore);
            rows.add(row);
        }
        gtp.send(off);

        // genmove long enough for live blocks: a second engine
        if (liveProgram == null)
            return;
        GtpClient gtp2 = new GtpClient(liveProgram, null, verbose,
                                       newCallback());
        gtp2.queryProtocolVersion();
        gtp2.querySupportedCommands();
        GtpSynchronizer sync2 = new GtpSynchronizer(gtp2, null, false);
        sync2.init(board, komi, null);
        gtp2.send(on);
        liveGenmove(gtp2, sync2, komi, on,
                    "genmove, engine `" + liveProgram + "`");
        gtp2.send("quit");
        gtp2.close();
        gtp2.waitForExit();
    }

    /** genmove with live graphics on, as GoGui.generateMove and
        computerMoved (the move is played on a copy of the board). */
    static void liveGenmove(GtpClient gtp, GtpSynchronizer sync, Komi komi,
                            String on, String label) throws Exception
    {
        Row row = new Row();
        row.label = "(live gfx) " + label;
        row.type = "live gfx";
        sync.synchronize(board, komi, null);
        GoColor toMove = board.getToMove();
        liveBoard = copy(board);
        row.sent = on + " ; " + gtp.getCommandGenmove(toMove);
        int before = liveTexts.size();
        int linesBefore = liveLines;
        try
        {
            String response = gtp.send(gtp.getCommandGenmove(toMove));
            GoPoint point = GtpUtil.parsePoint(response, SIZE);
            Move move = Move.get(toMove, point);
            String illegal = illegalMove(board, new Move[] { move });
            if (illegal != null)
                row.fail("genmove: " + illegal);
            row.notes.add("move " + response.trim());
            // undo on the engine side, as GoGui's synchronizer would
            Board after = copy(board);
            after.play(move);
            sync.updateAfterGenmove(after);
            sync.synchronize(board, komi, null);
        }
        catch (GtpError e)
        {
            row.fail(e.getMessage());
        }
        finishLive(row, before, linesBefore);
        rows.add(row);
    }

    static void finishLive(Row row, int before, int linesBefore)
        throws Exception
    {
        // stderr arrives on another thread; LiveGfx posts to the EDT
        Thread.sleep(500);
        SwingUtilities.invokeAndWait(() -> { });
        List<String> texts;
        synchronized (liveTexts)
        {
            texts = new ArrayList<String>(liveTexts.subList(before,
                                                            liveTexts.size()));
        }
        int blocks = 0, clears = 0;
        for (String t : texts)
        {
            if (t.trim().equalsIgnoreCase("CLEAR"))
                ++clears;
            else
                ++blocks;
        }
        String live = blocks + " gfx blocks + " + clears + " CLEAR ("
            + (liveLines - linesBefore) + " stderr lines)";
        if (blocks > 0)
            live += ", up to " + liveShownInfluence + " influence / "
                + liveShownLabels + " labels";
        row.shown = row.shown.isEmpty() ? live : row.shown + "; live: " + live;
        if (texts.isEmpty())
            row.notes.add("no gogui-gfx line on stderr");
        else if (blocks > 0
                 && ! texts.get(texts.size() - 1).trim()
                 .equalsIgnoreCase("CLEAR"))
            // live-gfx.xml: write "gogui-gfx: CLEAR" before the command
            // ends, or a late block may be drawn during the next command
            row.warn("last live block not followed by gogui-gfx: CLEAR");
        synchronized (liveProblems)
        {
            for (String p : liveProblems)
                row.warn(p.startsWith(NOTE) ? NOTE + "live: "
                         + p.substring(NOTE.length()) : "live: " + p);
            liveProblems.clear();
        }
    }

    static void printTable()
    {
        System.out.println();
        System.out.println("| label | type | command sent | result |"
                           + " shown by GoGui |");
        System.out.println("|---|---|---|---|---|");
        for (Row r : rows)
        {
            String result = r.status;
            if (! r.notes.isEmpty())
                result += ": " + String.join("; ", r.notes);
            System.out.println("| " + r.label + " | " + r.type + " | `"
                               + r.sent + "` | " + result.replace("|", "\\|")
                               + " | " + r.shown.replace("|", "\\|") + " |");
        }
    }
}
